/**
 * The server's request-size gate. Bun.serve accepts bodies up to the image upload's limit
 * (`maxUploadBodyBytes`); every other route is refused here, before anything reads it, when its
 * declared length is over 1 MB (413), but a case file's chunk, which may be one chunk long (4 MiB,
 * decision 080). Bodies without a declared length meet the app's own limits (app.ts: 64 KB, the
 * upload route 6 MB; a chunk's action reads exactly its expected length), which count the bytes
 * as they arrive.
 */
import { uploadPath } from "./app";
import { isCaseChunkRequest, maxCaseChunkBodyBytes } from "./case-files/case-chunk-path";
import { errorBody } from "./errors";

export const maxOtherBodyBytes = 1024 * 1024;

/** The largest body the request may declare. */
function allowedBytes(req: Request): number {
  const path = new URL(req.url).pathname;
  if (path === uploadPath) return Number.POSITIVE_INFINITY;
  if (isCaseChunkRequest(req.method, path)) return maxCaseChunkBodyBytes;
  return maxOtherBodyBytes;
}

export function refuseLargeBodies<A extends unknown[]>(
  handler: (req: Request, ...rest: A) => Response | Promise<Response>,
): (req: Request, ...rest: A) => Response | Promise<Response> {
  return (req: Request, ...rest: A) => {
    const length = Number(req.headers.get("content-length") ?? 0);
    if (length > maxOtherBodyBytes && length > allowedBytes(req)) {
      return Response.json(errorBody("payload_too_large", "The request body is too large."), { status: 413 });
    }
    return handler(req, ...rest);
  };
}
