/**
 * The download log of case files (decision 081): who took which file, from where, and when. One row
 * per viewer, file and sitting: a request within ten minutes of the same viewer's last on the same
 * file (a video scrubbed back and forth, a download resumed) adds to that row's `requests` and
 * `lastAt` instead of filling the log with near-copies. Only owners read it.
 */
import { and, asc, desc, eq, gte, isNull, type SQL } from "drizzle-orm";
import type { CaseDownloadRow, CaseSide } from "../shared/case-room";
import { type Db, immediate } from "./client.server";
import { caseDownloads, caseFiles } from "./schema";

/** Requests closer together than this are one sitting. */
export const caseDownloadSittingMs = 10 * 60 * 1000;

/** One download to log; `fileId` null is the zip of every file. */
export type CaseDownloadEntry = {
  caseRoomId: number;
  fileId: number | null;
  fileName: string;
  side: CaseSide;
  userId: string | null;
  adminId: number | null;
  viewerName: string;
  ip: string;
};

/** Logs one request of a download, adding it to the viewer's sitting on that file when there is one. */
export function recordCaseDownloadRow(db: Db, entry: CaseDownloadEntry, now: Date): void {
  immediate(db, () => {
    const viewer: SQL | undefined = entry.side === "client" ? eq(caseDownloads.userId, entry.userId ?? "") : eq(caseDownloads.adminId, entry.adminId ?? -1);
    const sitting = db
      .select({ id: caseDownloads.id, requests: caseDownloads.requests })
      .from(caseDownloads)
      .where(
        and(
          eq(caseDownloads.caseRoomId, entry.caseRoomId),
          entry.fileId === null ? isNull(caseDownloads.fileId) : eq(caseDownloads.fileId, entry.fileId),
          eq(caseDownloads.side, entry.side),
          viewer,
          gte(caseDownloads.lastAt, new Date(now.getTime() - caseDownloadSittingMs)),
        ),
      )
      .orderBy(desc(caseDownloads.lastAt))
      .get();
    if (sitting) {
      db.update(caseDownloads)
        .set({ requests: sitting.requests + 1, lastAt: now })
        .where(eq(caseDownloads.id, sitting.id))
        .run();
      return;
    }
    db.insert(caseDownloads)
      .values({ ...entry, requests: 1, firstAt: now, lastAt: now })
      .run();
  });
}

/** A room's download log, newest first. */
export function caseDownloadRows(db: Db, caseRoomId: number): CaseDownloadRow[] {
  return db
    .select()
    .from(caseDownloads)
    .where(eq(caseDownloads.caseRoomId, caseRoomId))
    .orderBy(desc(caseDownloads.lastAt), desc(caseDownloads.id))
    .all()
    .map((row) => ({
      id: row.id,
      fileName: row.fileName,
      side: row.side,
      viewerName: row.viewerName,
      ip: row.ip,
      requests: row.requests,
      firstAt: row.firstAt.toISOString(),
      lastAt: row.lastAt.toISOString(),
    }));
}

/** A room's ready files, oldest first: what the zip of all holds. */
export function readyCaseFiles(db: Db, caseRoomId: number) {
  return db
    .select()
    .from(caseFiles)
    .where(and(eq(caseFiles.caseRoomId, caseRoomId), eq(caseFiles.status, "ready")))
    .orderBy(asc(caseFiles.createdAt), asc(caseFiles.id))
    .all();
}
