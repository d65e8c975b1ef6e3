/**
 * What the case upload actions share (decision 080): their budget, the disk they write to, the
 * state both sides' uploaders resume from, and how each refusal is answered.
 */
import type { CaseFileRow, CaseFileUploader } from "../db/case-files.server";
import type { CaseRoomRefusal } from "../domain/case-room";
import { type FreeBytes, freeDiskBytes, type WriteAt, writeAt } from "../server/case-files/case-file-store.server";
import type { AppDeps } from "../server/deps";
import { HttpError, notFound } from "../server/errors";
import { type CaseSide, type CaseUploadState, caseRoomMessages, caseUploadChunkBytes } from "../shared/case-room";
import type { ActionDeps, ActionLimit } from "./action";

/** The case file actions also need the data directory's secret, which seals each file's key. */
export type CaseFileDeps = ActionDeps & Pick<AppDeps, "secrets">;

/** How the uploads reach the disk: parameters so tests can fill it up without filling the machine's. */
export type CaseUploadIo = { write: WriteAt; freeBytes: FreeBytes };
export const diskIo: CaseUploadIo = { write: writeAt, freeBytes: freeDiskBytes };

/** Files a client starts adding per hour (the `caseUploads` limiter); the business is not counted. */
export const caseUploadLimit: ActionLimit = {
  limiter: (limits) => limits.caseUploads,
  key: (userId) => userId,
  message: "You have added many files in the last hour. Please try again later.",
};

/** The uploader's account, as the actions take it. */
export type CaseUploadActor = CaseFileUploader;

export const otherSide = (side: CaseSide): CaseSide => (side === "client" ? "business" : "client");

/** The state an uploader resumes from. */
export function caseUploadState(file: Pick<CaseFileRow, "id" | "size" | "receivedBytes" | "status">): CaseUploadState {
  return { id: file.id, size: file.size, receivedBytes: file.receivedBytes, chunkBytes: caseUploadChunkBytes, status: file.status };
}

export const noSuchUpload = () => notFound("There is no such upload.");

/** 409: the chunk is not the one the server waits for; the body carries the state to go on from. */
export class CaseUploadConflict extends HttpError {
  constructor(
    readonly state: CaseUploadState,
    message = "This part of the file was not the one expected; the upload goes on from where the server is.",
  ) {
    super(409, "upload_offset", message);
  }
}

/** 409 of a room that takes no more files from this side. */
export function caseRoomRefusalError(reason: CaseRoomRefusal): HttpError {
  return reason === "case_closed"
    ? new HttpError(409, "case_closed", caseRoomMessages.roomClosed)
    : new HttpError(409, "files_deleted", caseRoomMessages.filesDeleted);
}

/** 507 of a disk too full to take the file (nothing of it is kept). */
export const diskFullError = () => new HttpError(507, "disk_full", caseRoomMessages.diskFull, { file: caseRoomMessages.diskFull });

/** 507 of a file that would take the case files past the quota the owner set. */
export const quotaFullError = () => new HttpError(507, "quota_full", caseRoomMessages.quotaFull, { file: caseRoomMessages.quotaFull });

/** 400 of a file of a type this side may not add. */
export const fileTypeError = (side: CaseSide) => {
  const message = side === "client" ? caseRoomMessages.fileTypeClient : caseRoomMessages.fileTypeBusiness;
  return new HttpError(400, "validation_error", message, { file: message });
};
