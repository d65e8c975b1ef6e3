/**
 * The one route whose body may pass the site's usual limits: a case file's chunk (decision 080),
 * `PUT /api/cases/{ref}/uploads/{id}` or `/api/admin/cases/{ref}/uploads/{id}`, up to one chunk.
 */
import { caseUploadChunkBytes } from "../../shared/case-room";

/** A chunk's body limit: one chunk (the action reads it to exactly the expected length). */
export const maxCaseChunkBodyBytes = caseUploadChunkBytes;

const chunkPath = /^\/api\/(admin\/)?cases\/[^/]+\/uploads\/\d+$/i;

/** Whether a request is a case file's chunk. */
export function isCaseChunkRequest(method: string, pathname: string): boolean {
  return method === "PUT" && chunkPath.test(pathname);
}
