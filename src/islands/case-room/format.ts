/** How the case room names sizes, digests and who added a file, the same on the server's first paint and in the browser. */
import type { CaseSide } from "../../shared/case-room";
import { caseFileTypeNames } from "../../shared/case-room";

/** "820 bytes", "14.2 KB", "3.4 MB", "1.25 GB" (powers of 1024, as phones show a file's size). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? "" : "s"}`;
  const units = ["KB", "MB", "GB"] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(value >= 10 ? 1 : 2).replace(/\.?0+$/, "")} ${units[unit]}`;
}

/** The first 12 characters of a SHA-256: enough to tell files apart at a glance; the whole is one click away. */
export const shortSha256 = (hex: string) => hex.slice(0, 12);

/** "PDF", "JPEG photo"…, or the stored type itself when it has no friendly name. */
export const fileTypeName = (contentType: string) => caseFileTypeNames[contentType] ?? contentType;

/** Who added a file or wrote a message, as the client reads it. */
export const sideName = (side: CaseSide, businessName: string) => (side === "client" ? "You" : businessName);

/** What a browser can show inline (HEIC is not among them: it is offered as a download only). */
export const isPhoto = (contentType: string) => contentType === "image/jpeg" || contentType === "image/png" || contentType === "image/webp";
export const isVideo = (contentType: string) => contentType.startsWith("video/");
export const isRecording = (contentType: string) => contentType.startsWith("audio/");
