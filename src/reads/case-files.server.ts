/**
 * What a case file's download needs to know (decision 081): whether the viewer may have the file,
 * its facts and how to open its bytes; the room's ready files for the zip; whether the client must
 * first show it is still them; and the owner's download log. Nothing here writes: the log's row is
 * the `recordCaseDownload` action the handler calls.
 */
import { caseDownloadRows, readyCaseFiles } from "../db/case-downloads.server";
import { caseFileById } from "../db/case-files.server";
import { type CaseRoomTarget, caseRoomTargetForBusiness, caseRoomTargetForClient } from "../db/case-rooms.server";
import { findUserById } from "../db/users.server";
import { openCaseFileStream } from "../server/case-files/case-file-store.server";
import type { DownloadableCaseFile } from "../server/case-file-download";
import { downloadNeedsConfirmation } from "../server/auth/recent-sign-in.server";
import type { AppDeps } from "../server/deps";
import type { CaseDownloadRow } from "../shared/case-room";

/** A read that also opens files: the data directory's secret box unseals each file's key. */
export type CaseFileReadDeps = Pick<AppDeps, "db" | "env" | "secrets">;

/** One file a viewer may download, in its room. */
export type CaseFileDownload = { caseRoomId: number; fileId: number; file: DownloadableCaseFile };

type FileRow = NonNullable<ReturnType<typeof caseFileById>>;

function downloadable(deps: CaseFileReadDeps, row: FileRow): DownloadableCaseFile {
  return {
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    open: (range) => openCaseFileStream(deps.env.DATA_DIR, deps.secrets, row, range),
  };
}

function readyFile(deps: CaseFileReadDeps, target: CaseRoomTarget | null, fileId: number): CaseFileDownload | null {
  if (!target || target.caseRoomId === null || !Number.isSafeInteger(fileId) || fileId < 1) return null;
  const row = caseFileById(deps.db, target.caseRoomId, fileId);
  if (row?.status !== "ready") return null;
  return { caseRoomId: target.caseRoomId, fileId: row.id, file: downloadable(deps, row) };
}

/** A ready file of the room the client `userId` reaches by `reference`; null answers 404. */
export function clientCaseFile(deps: CaseFileReadDeps, reference: string, userId: string, fileId: number): CaseFileDownload | null {
  return readyFile(deps, caseRoomTargetForClient(deps.db, reference, userId), fileId);
}

/** A ready file of the room reached by `reference`, for the business; null answers 404. */
export function businessCaseFile(deps: CaseFileReadDeps, reference: string, fileId: number): CaseFileDownload | null {
  return readyFile(deps, caseRoomTargetForBusiness(deps.db, reference), fileId);
}

/** Every ready file of the client's room, oldest first, for the zip; null (404) when there is no room or nothing to download. */
export function clientCaseZip(
  deps: CaseFileReadDeps,
  reference: string,
  userId: string,
): { caseRoomId: number; reference: string; files: DownloadableCaseFile[] } | null {
  const target = caseRoomTargetForClient(deps.db, reference, userId);
  if (!target || target.caseRoomId === null) return null;
  const rows = readyCaseFiles(deps.db, target.caseRoomId);
  if (rows.length === 0) return null;
  return { caseRoomId: target.caseRoomId, reference: target.bookingReference, files: rows.map((row) => downloadable(deps, row)) };
}

/** The download log of the room reached by `reference`, newest first; null answers 404. */
export function caseDownloadLog(deps: Pick<AppDeps, "db">, reference: string): CaseDownloadRow[] | null {
  const target = caseRoomTargetForBusiness(deps.db, reference);
  if (!target) return null;
  return target.caseRoomId === null ? [] : caseDownloadRows(deps.db, target.caseRoomId);
}

/** Whether the client must show it is still them before a download (a sign-in over an hour old). */
export function identityCheckDue(deps: Pick<AppDeps, "db">, sessionId: string | null, now = new Date()): boolean {
  return downloadNeedsConfirmation(deps.db, sessionId, now);
}

/** What the identity check can offer `userId`: their password (if the account has one) and a code to their confirmed address. */
export function identityCheckOptions(deps: Pick<AppDeps, "db">, userId: string): { password: boolean; code: boolean; maskedEmail: string } | null {
  const user = findUserById(deps.db, userId);
  if (!user) return null;
  return { password: user.passwordHash !== null, code: user.emailVerifiedAt !== null, maskedEmail: maskEmail(user.email) };
}

/** "s***@example.com": enough to recognise one's own address on a shared screen, not to read it off. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return email;
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}
