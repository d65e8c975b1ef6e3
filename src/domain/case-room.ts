/**
 * The case room's rules (decision 079), one place for the server's guards and the screens' buttons:
 * what a status update does to the room's closing and who may still add messages and files (when a
 * closed case's files go is `case-retention.ts`).
 */
import type { CaseSide, CaseStatus } from "../shared/case-room";

/** What the rules need to know of a room (a room not made yet is "scheduled", never closed). */
export type CaseRoomState = { status: CaseStatus; closedAt: Date | null; filesDeletedAt: Date | null };

/** Why a write to a room is refused: 409 either way. */
export type CaseRoomRefusal = "case_closed" | "files_deleted";

/** What an update to `to` sets on the room. */
export type CaseStatusChange = {
  status: CaseStatus;
  /** The room's closing: kept when it was already closed, so a second "closed" note does not lengthen the time the files are kept. */
  closedAt: Date | null;
  /** Reopening forgets the warning that the files will go, so the next closing warns again. */
  clearRetentionWarning: boolean;
};

/**
 * The business's update of a room to `to` at `now`: any status may follow any other (a report may
 * need more work), and the same status again carries a note. Closing starts the time the files
 * are kept; reopening stops it, unless the files were already deleted, which nothing undoes.
 */
export function caseStatusChange(
  room: CaseRoomState,
  to: CaseStatus,
  now: Date,
): { ok: true; change: CaseStatusChange } | { ok: false; reason: CaseRoomRefusal } {
  if (to === "closed")
    return { ok: true, change: { status: to, closedAt: room.status === "closed" ? (room.closedAt ?? now) : now, clearRetentionWarning: false } };
  if (room.filesDeletedAt !== null) return { ok: false, reason: "files_deleted" };
  return { ok: true, change: { status: to, closedAt: null, clearRetentionWarning: room.status === "closed" } };
}

/**
 * Whether `side` may add a message to the room: the client not once the case is closed; the
 * business always (it may answer a closed case, or explain why it closed).
 */
export function caseMessageRefusal(side: CaseSide, room: CaseRoomState): CaseRoomRefusal | null {
  if (side === "client" && room.status === "closed") return "case_closed";
  return null;
}

/**
 * Whether `side` may add a file to the room: the client not once the case is closed; nobody once
 * its files were deleted (a file added then would be kept for ever, past the promise of retention).
 */
export function caseFileRefusal(side: CaseSide, room: CaseRoomState): CaseRoomRefusal | null {
  if (room.filesDeletedAt !== null) return "files_deleted";
  if (side === "client" && room.status === "closed") return "case_closed";
  return null;
}

/** Whether `side` may still add both messages and files (the room's `canAdd`). */
export const mayAddToCaseRoom = (side: CaseSide, room: CaseRoomState): boolean =>
  caseMessageRefusal(side, room) === null && caseFileRefusal(side, room) === null;
