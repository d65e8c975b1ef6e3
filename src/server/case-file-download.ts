/**
 * The answer to a case file's download, for both sides (decision 081): streamed as it is decrypted,
 * with its length, a name safe in any header, never cached by anyone in between and never sniffed
 * into something else. A `Range` of one span (a video's player seeking, a download resumed) gets
 * just that span; several spans get the whole file, which HTTP allows and no real client needs.
 */
import { errorBody } from "./errors";

/** What a download is made from: the file's facts and how to open its bytes (or one span of them). */
export type DownloadableCaseFile = {
  name: string;
  contentType: string;
  size: number;
  sha256: string | null;
  open: (range?: { start: number; end: number }) => ReadableStream<Uint8Array>;
};

/** What a `Range` header asks of a file of `size` bytes: all of it, one span (inclusive), or nothing it has. */
export type RangeAsk = { kind: "whole" } | { kind: "span"; start: number; end: number } | { kind: "unsatisfiable" };

/**
 * Reads `bytes=a-b`, `bytes=a-` and `bytes=-n` (RFC 9110 §14.1.2). A header that is not one byte
 * range (another unit, several spans, nonsense) is ignored and the whole file answered, as the
 * RFC lets a server do; a well-formed range that starts past the end is unsatisfiable.
 */
export function parseRange(header: string | undefined | null, size: number): RangeAsk {
  if (!header) return { kind: "whole" };
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // The last n bytes; a suffix of nothing is unsatisfiable, a suffix longer than the file is all of it.
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "span", start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size) return { kind: "unsatisfiable" };
  if (last !== "" && Number(last) < start) return { kind: "whole" };
  return { kind: "span", start, end };
}

/** ASCII letters, digits and a few marks are kept in the plain `filename=`; anything else becomes "_". */
const unsafeAscii = /[^A-Za-z0-9 ._()+-]/g;

/**
 * `attachment` with a plain ASCII `filename=` every browser reads, and the real name in
 * `filename*=` (RFC 5987/6266) for those that can: quotes, backslashes and line breaks can never
 * break out of the header, and a name of only other scripts still leaves a usable fallback.
 */
export function attachmentDisposition(name: string): string {
  const clean = name.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, "").trim() || "file";
  const ascii = clean
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(unsafeAscii, "_")
    .replace(/_+/g, "_")
    .slice(0, 150);
  const fallback = /[A-Za-z0-9]/.test(ascii) ? ascii : `file${extensionOf(clean)}`;
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

function extensionOf(name: string): string {
  const ext = /\.([A-Za-z0-9]{1,8})$/.exec(name)?.[1];
  return ext ? `.${ext}` : "";
}

/** The headers every download answer carries, whole or in part. */
function commonHeaders(file: DownloadableCaseFile): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Type": file.contentType,
    "Accept-Ranges": "bytes",
    "Content-Disposition": attachmentDisposition(file.name),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
  if (file.sha256) headers.ETag = `"${file.sha256}"`;
  return headers;
}

/**
 * The answer for `file` to a GET or HEAD with these request headers: 200 with the whole file, 206
 * with one span, or 416 naming the size. HEAD opens nothing. A file that cannot be read from its
 * start throws (a 500); when the stream fails part-way (bytes altered on disk), the body errors
 * and the connection is cut: the client never receives a complete answer of the right length
 * with wrong bytes in it.
 */
export async function caseFileResponse(
  file: DownloadableCaseFile,
  request: { method: string; range?: string | null; ifRange?: string | null },
): Promise<Response> {
  const headers = commonHeaders(file);
  // If-Range: the span only if the file is still the one the client began with, else the whole file.
  const stale = request.ifRange != null && request.ifRange !== headers.ETag;
  const ask = stale ? ({ kind: "whole" } as const) : parseRange(request.range, file.size);
  const head = request.method === "HEAD";
  if (ask.kind === "unsatisfiable") {
    // No file follows, so none of its headers: the size to ask within, and the JSON error shape.
    return new Response(JSON.stringify(errorBody("range_not_satisfiable", "That part of the file does not exist.")), {
      status: 416,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Range": `bytes */${file.size}`,
        "Accept-Ranges": "bytes",
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }
  if (ask.kind === "span") {
    const length = ask.end - ask.start + 1;
    return new Response(head ? null : await primed(file.open({ start: ask.start, end: ask.end })), {
      status: 206,
      headers: { ...headers, "Content-Range": `bytes ${ask.start}-${ask.end}/${file.size}`, "Content-Length": String(length) },
    });
  }
  return new Response(head ? null : await primed(file.open()), { status: 200, headers: { ...headers, "Content-Length": String(file.size) } });
}

/**
 * The stream with its first bytes already read: a file missing on disk, or altered in its first
 * segments, throws here, before any header is sent, and is answered as the error it is rather
 * than as a 200 cut off at once. Later failures still error the stream (the connection is cut).
 */
async function primed(stream: ReadableStream<Uint8Array>): Promise<ReadableStream<Uint8Array>> {
  const reader = stream.getReader();
  let first: Awaited<ReturnType<typeof reader.read>> | undefined = await reader.read();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = first ?? (await reader.read());
      first = undefined;
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** Each name once in a zip: a second "report.pdf" becomes "report (2).pdf". */
export function uniqueZipNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = raw.replace(/[\p{Cc}/\\]/gu, "_").trim() || "file";
    const dot = name.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
