/**
 * What a case file is and is called: the type its first bytes prove (never its name or the
 * browser's word alone), and a name that is safe to show and to download under.
 */
import { fileTypeFromBuffer } from "file-type";
import { type CaseSide, caseFileTypes, maxCaseFileNameLength } from "../../shared/case-room";

/** Other names the same kinds of file go by (a browser's or a detector's), as the accepted type. */
const sameType: Record<string, string> = {
  "image/jpg": "image/jpeg",
  "image/pjpeg": "image/jpeg",
  "image/heif": "image/heic",
  "image/heic-sequence": "image/heic",
  "image/heif-sequence": "image/heic",
  "video/x-m4v": "video/mp4",
  "audio/x-m4a": "audio/mp4",
  "audio/m4a": "audio/mp4",
  "audio/mp3": "audio/mpeg",
};

/** The type a browser says nothing about, from the name's extension (phones often leave HEIC untyped). */
const byExtension: Record<string, string> = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  heic: "image/heic",
  heif: "image/heic",
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
};

/** The accepted type `type` stands for (the name's extension when the browser gave none), or null. */
export function announcedCaseFileType(side: CaseSide, type: string, name: string): string | null {
  let t = type.trim().toLowerCase().split(";")[0]?.trim() ?? "";
  if (t === "" || t === "application/octet-stream") t = byExtension[name.toLowerCase().split(".").pop() ?? ""] ?? "";
  t = sameType[t] ?? t;
  return caseFileTypes[side].includes(t) ? t : null;
}

/** MP4 holds sound alone or sound and pictures; the detector cannot always tell which from the start. */
const family = (type: string) => (type === "audio/mp4" ? "video/mp4" : type);

/**
 * The type the first bytes prove, when it is the announced one (or its MP4 sibling) and this side
 * may add it; null otherwise.
 */
export async function provenCaseFileType(side: CaseSide, announced: string, firstBytes: Uint8Array): Promise<string | null> {
  const found = await fileTypeFromBuffer(firstBytes).catch(() => undefined);
  if (!found) return null;
  const proven = sameType[found.mime] ?? found.mime;
  if (family(proven) !== family(announced)) return null;
  // An MP4 announced as sound stays sound: the bytes proved the container, the browser the kind.
  const kept = proven === announced ? proven : announced;
  return caseFileTypes[side].includes(kept) ? kept : null;
}

const extensionOf: Record<string, string> = {
  "application/pdf": "pdf",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/heic": "heic",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "video/webm": "webm",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
};

// Control characters (C0, DEL, C1) and the marks that reverse how a name reads ("gpj.exe").
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what is removed
const unsafeCharacters = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * A file's name as it is kept and offered for download: the last part of any path, without control
 * characters, quotes or leading dots, at most `maxCaseFileNameLength` characters with its extension
 * kept, and never empty (then "file.<ext>" of its type).
 */
export function safeCaseFileName(name: string, contentType: string): string {
  const lastPart = name.normalize("NFC").replace(unsafeCharacters, "").split(/[/\\]/).pop() ?? "";
  const cleaned = lastPart
    .replace(/["<>:|?*]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+/, "")
    .replace(/[.\s]+$/, "");
  const fallback = `file.${extensionOf[contentType] ?? "bin"}`;
  if (cleaned === "") return fallback;
  const chars = [...cleaned];
  if (chars.length <= maxCaseFileNameLength) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 12 ? [...cleaned.slice(dot)] : [];
  const base = chars.slice(0, chars.length - extension.length).slice(0, maxCaseFileNameLength - extension.length);
  return `${base.join("").trimEnd()}${extension.join("")}`;
}
