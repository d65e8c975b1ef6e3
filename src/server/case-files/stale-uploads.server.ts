/**
 * Uploads to a case room that no chunk has reached for a day are given up (housekeeping, hourly):
 * their bytes and their rows go, so a dropped upload never holds disk or quota for long.
 */
import { deleteCaseUpload, staleCaseUploads } from "../../db/case-files.server";
import type { Db } from "../../db/client.server";
import { destroyCaseFile, forgetUploadHash } from "./case-file-store.server";

const dayMs = 24 * 60 * 60 * 1000;

/** Removes uploads idle since a day before `now`; answers how many. */
export function removeStaleCaseUploads(db: Db, dataDir: string, now = new Date()): number {
  const stale = staleCaseUploads(db, new Date(now.getTime() - dayMs));
  for (const file of stale) {
    forgetUploadHash(file.id);
    destroyCaseFile(dataDir, file.storageName);
    deleteCaseUpload(db, file.id);
  }
  return stale.length;
}
