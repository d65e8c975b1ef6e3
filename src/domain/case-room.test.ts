import { describe, expect, test } from "bun:test";
import { caseFileRefusal, caseMessageRefusal, caseStatusChange, mayAddToCaseRoom } from "./case-room";

const now = new Date("2026-03-10T00:00:00Z");
const earlier = new Date("2026-03-01T00:00:00Z");
const open = { status: "in_progress" as const, closedAt: null, filesDeletedAt: null };
const closed = { status: "closed" as const, closedAt: earlier, filesDeletedAt: null };
const emptied = { status: "closed" as const, closedAt: earlier, filesDeletedAt: now };

describe("a status update", () => {
  test("closing starts the keeping of the files now", () => {
    expect(caseStatusChange(open, "closed", now)).toEqual({ ok: true, change: { status: "closed", closedAt: now, clearRetentionWarning: false } });
  });

  test("closing a closed case again keeps its first closing, so its files are not kept longer", () => {
    expect(caseStatusChange(closed, "closed", now)).toEqual({ ok: true, change: { status: "closed", closedAt: earlier, clearRetentionWarning: false } });
  });

  test("reopening clears the closing and the retention warning", () => {
    expect(caseStatusChange(closed, "in_progress", now)).toEqual({ ok: true, change: { status: "in_progress", closedAt: null, clearRetentionWarning: true } });
  });

  test("any step may follow any other while open, and the same step again carries a note", () => {
    expect(caseStatusChange(open, "scheduled", now)).toEqual({ ok: true, change: { status: "scheduled", closedAt: null, clearRetentionWarning: false } });
    expect(caseStatusChange(open, "in_progress", now).ok).toBe(true);
  });

  test("a case whose files were deleted cannot be reopened, though it may be noted closed", () => {
    expect(caseStatusChange(emptied, "report_ready", now)).toEqual({ ok: false, reason: "files_deleted" });
    expect(caseStatusChange(emptied, "closed", now)).toEqual({ ok: true, change: { status: "closed", closedAt: earlier, clearRetentionWarning: false } });
  });
});

describe("who may add what", () => {
  test("in an open room both sides add messages and files", () => {
    for (const side of ["client", "business"] as const) {
      expect(caseMessageRefusal(side, open)).toBeNull();
      expect(caseFileRefusal(side, open)).toBeNull();
      expect(mayAddToCaseRoom(side, open)).toBe(true);
    }
  });

  test("a closed room takes nothing more from the client, and still takes the business's", () => {
    expect(caseMessageRefusal("client", closed)).toBe("case_closed");
    expect(caseFileRefusal("client", closed)).toBe("case_closed");
    expect(mayAddToCaseRoom("client", closed)).toBe(false);
    expect(caseMessageRefusal("business", closed)).toBeNull();
    expect(caseFileRefusal("business", closed)).toBeNull();
    expect(mayAddToCaseRoom("business", closed)).toBe(true);
  });

  test("once the files were deleted, nobody adds a file (it would be kept for ever); the business may still write", () => {
    expect(caseFileRefusal("business", emptied)).toBe("files_deleted");
    expect(caseFileRefusal("client", emptied)).toBe("files_deleted");
    expect(caseMessageRefusal("business", emptied)).toBeNull();
    expect(mayAddToCaseRoom("business", emptied)).toBe(false);
  });
});
