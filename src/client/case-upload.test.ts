import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { createHash, randomBytes } from "node:crypto";
import { customerWithBooking } from "../../tests/factories";
import { testOrigin } from "../../tests/helpers/browser";
import { createTestApp, type TestApp } from "../../tests/helpers/test-app";
import { caseRoomMessages, caseUploadChunkBytes, caseUploadsPath } from "../shared/case-room";
import { ApiError } from "./api";
import { rememberedUploadKey, uploadCaseFile } from "./case-upload";

let t: TestApp;
let client: ReturnType<typeof customerWithBooking>;
beforeEach(() => {
  t = createTestApp();
  client = customerWithBooking(t.db, "ann@example.com");
});
afterEach(() => t.close());

/** The browser's fetch as the client's page has it: their cookie, and the page's origin. */
const calls: string[] = [];
function browserFetch(opts: { loseAnswerOf?: (method: string, url: string) => boolean } = {}): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    calls.push(`${method} ${url.replace(/\?.*/, "")}`);
    const res = await t.request(url, { ...init, headers: { ...(init?.headers as Record<string, string>), Cookie: client.cookie, Origin: testOrigin } });
    // The server took it, but the connection dropped before the answer came back.
    if (opts.loseAnswerOf?.(method, url)) throw new TypeError("Failed to fetch");
    return res;
  }) as typeof fetch;
}

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k), m };
}

const pdfFile = (size: number, name = "report.pdf") =>
  new File([Buffer.concat([Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), randomBytes(size - 15)])], name, {
    type: "application/pdf",
    lastModified: 1_700_000_000_000,
  });
const sha256Of = async (file: Blob) =>
  createHash("sha256")
    .update(Buffer.from(await file.arrayBuffer()))
    .digest("hex");
const shaOnServer = (id: number) => (t.db.$client.query("SELECT sha256 FROM case_files WHERE id = ?").get(id) as { sha256: string | null }).sha256;

describe("the browser's uploader", () => {
  beforeEach(() => {
    calls.length = 0;
  });

  test("a chunk whose answer was lost is not sent twice: the uploader asks where the upload stands and goes on", async () => {
    const file = pdfFile(2 * caseUploadChunkBytes + 1000);
    const base = caseUploadsPath("client", client.reference);
    let lost = false;
    const progress: number[] = [];
    const state = await uploadCaseFile(base, file, {
      fetch: browserFetch({
        loseAnswerOf: (method, url) => {
          if (lost || method !== "PUT" || !url.endsWith(`offset=${caseUploadChunkBytes}`)) return false;
          lost = true;
          return true;
        },
      }),
      storage: memoryStorage(),
      retryDelays: [0, 0, 0],
      onProgress: (sent) => progress.push(sent),
    });
    expect(state.status).toBe("ready");
    expect(shaOnServer(state.id)).toBe(await sha256Of(file));
    expect(calls.filter((c) => c.startsWith("POST"))).toHaveLength(1);
    // Three chunks, the second answered twice over: once lost, then the state asked for.
    expect(calls.filter((c) => c.startsWith("PUT"))).toHaveLength(3);
    expect(calls.filter((c) => c.startsWith("GET"))).toHaveLength(1);
    expect(progress.at(-1)).toBe(file.size);
  });

  test("choosing the same file after a reload goes on where it stopped", async () => {
    const file = pdfFile(caseUploadChunkBytes + 10);
    const base = caseUploadsPath("client", client.reference);
    const storage = memoryStorage();
    const stop = new AbortController();
    const first = uploadCaseFile(base, file, {
      fetch: browserFetch(),
      storage,
      onProgress: (sent) => {
        if (sent >= caseUploadChunkBytes) stop.abort(new Error("the page was closed"));
      },
      signal: stop.signal,
    });
    await expect(first).rejects.toThrow("the page was closed");
    expect(storage.getItem(rememberedUploadKey(base, file))).not.toBeNull();
    calls.length = 0;
    const sent: number[] = [];
    const state = await uploadCaseFile(base, file, { fetch: browserFetch(), storage, onProgress: (n) => sent.push(n) });
    expect(state.status).toBe("ready");
    expect(sent[0]).toBe(caseUploadChunkBytes);
    expect(calls.filter((c) => c.startsWith("POST"))).toHaveLength(0);
    expect(calls.filter((c) => c.startsWith("PUT"))).toHaveLength(1);
    expect(shaOnServer(state.id)).toBe(await sha256Of(file));
    expect(storage.m.size).toBe(0);
  });

  test("a refusal the server made for good is thrown with its message, and the upload is forgotten", async () => {
    const file = new File(["this is no PDF at all, whatever it says"], "report.pdf", { type: "application/pdf", lastModified: 1 });
    const storage = memoryStorage();
    const upload = uploadCaseFile(caseUploadsPath("client", client.reference), file, { fetch: browserFetch(), storage, retryDelays: [0] });
    await expect(upload).rejects.toBeInstanceOf(ApiError);
    const error = (await upload.catch((e) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.fields?.file).toBe(caseRoomMessages.fileTypeClient);
    expect(storage.m.size).toBe(0);
  });
});
