/**
 * The uploader gives up on a file before it is whole (DELETE {uploads}/{id}): its bytes and its row
 * go. A file that is already ready is not removed this way.
 */
import { caseUploadFor, deleteCaseUpload } from "../db/case-files.server";
import { destroyCaseFile, forgetUploadHash } from "../server/case-files/case-file-store.server";
import { type CaseFileDeps, type CaseUploadActor, noSuchUpload } from "./case-upload-rules.server";

export function abandonCaseUpload(deps: CaseFileDeps, actor: CaseUploadActor, reference: string, fileId: number): void {
  const file = caseUploadFor(deps.db, actor, reference, fileId)?.file;
  if (file?.status !== "uploading") throw noSuchUpload();
  forgetUploadHash(file.id);
  destroyCaseFile(deps.env.DATA_DIR, file.storageName);
  deleteCaseUpload(deps.db, file.id);
}
