/**
 * The client or the business begins adding a file to a case room (POST {uploads}): the name is
 * made safe, the announced type must be one this side may add, and the file must fit both the
 * quota the owner set and the disk; then the room (made now if this is its first write) gets an
 * upload row and the file its own sealed key. The bytes follow in chunks (receive-case-chunk).
 */
import { randomBytes } from "node:crypto";
import { startCaseUpload as recordUploadStart } from "../db/case-files.server";
import { getSettings } from "../db/settings.server";
import { newFileKey, sealFileKey } from "../server/case-files/case-file-crypto.server";
import { sealedSize } from "../server/case-files/case-file-crypto.server";
import { announcedCaseFileType, safeCaseFileName } from "../server/case-files/case-file-types.server";
import { badRequest, notFound } from "../server/errors";
import type { CaseUploadStartInput, CaseUploadState } from "../shared/case-room";
import { spendLimit } from "./action";
import {
  type CaseFileDeps,
  type CaseUploadActor,
  type CaseUploadIo,
  caseRoomRefusalError,
  caseUploadLimit,
  caseUploadState,
  diskFullError,
  diskIo,
  fileTypeError,
  quotaFullError,
} from "./case-upload-rules.server";

const gib = 1024 * 1024 * 1024;
/** Room the disk keeps beyond the file: the database, its backups and the log live there too. */
export const diskMarginBytes = 256 * 1024 * 1024;

export function startCaseUpload(
  deps: CaseFileDeps,
  actor: CaseUploadActor,
  reference: string,
  input: CaseUploadStartInput,
  now = new Date(),
  io: CaseUploadIo = diskIo,
): CaseUploadState {
  if (actor.side === "client") spendLimit(deps, caseUploadLimit, actor.userId);
  const contentType = announcedCaseFileType(actor.side, input.type, input.name);
  if (!contentType) throw fileTypeError(actor.side);
  if (io.freeBytes(deps.env.DATA_DIR) < sealedSize(input.size) + diskMarginBytes) throw diskFullError();
  const key = newFileKey();
  const started = recordUploadStart(
    deps.db,
    reference,
    {
      uploader: actor,
      name: safeCaseFileName(input.name, contentType),
      contentType,
      size: input.size,
      storageName: randomBytes(16).toString("hex"),
      sealedKey: sealFileKey(deps.secrets, key),
      messageId: input.messageId ?? null,
    },
    getSettings(deps.db).caseFilesQuotaGb * gib,
    now,
  );
  key.fill(0);
  if (started.ok) return caseUploadState(started.file);
  switch (started.reason) {
    case "gone":
      throw notFound();
    case "quota":
      throw quotaFullError();
    case "message":
      throw badRequest("That message is not one of yours in this case.", { messageId: "That message is not one of yours in this case." });
    default:
      throw caseRoomRefusalError(started.reason);
  }
}
