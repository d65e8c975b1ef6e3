/** Where an upload to a case room stands (GET {uploads}/{id}): the uploader asks after a dropped connection. */
import { type CaseFileUploader, caseUploadFor } from "../db/case-files.server";
import type { ReadDeps } from "./read";
import { type CaseUploadState, caseUploadChunkBytes } from "../shared/case-room";

/** The upload's state, or null when `who` has no such upload in the room `reference` reaches (404). */
export function caseUploadStateFor(deps: ReadDeps, who: CaseFileUploader, reference: string, fileId: number): CaseUploadState | null {
  const found = caseUploadFor(deps.db, who, reference, fileId);
  if (!found) return null;
  const { file } = found;
  return { id: file.id, size: file.size, receivedBytes: file.receivedBytes, chunkBytes: caseUploadChunkBytes, status: file.status };
}
