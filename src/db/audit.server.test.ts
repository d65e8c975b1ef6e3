import { expect, test } from "bun:test";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { recordAudit } from "./audit.server";
import { auditLog } from "./schema";

const t = testAppPerTest();

test("an entry keeps who, when, what, which record and the values before and after", () => {
  const at = new Date("2026-11-23T03:00:00Z");
  recordAudit(
    t.db,
    { id: 7, username: "owner" },
    { kind: "settings", action: "setting.update", recordId: "flatShippingFee", summary: "Changed the flat shipping fee", before: 15, after: 12.5 },
    at,
  );
  expect(t.db.select().from(auditLog).all()).toEqual([
    {
      id: 1,
      adminId: 7,
      adminUsername: "owner",
      kind: "settings",
      action: "setting.update",
      recordId: "flatShippingFee",
      summary: "Changed the flat shipping fee",
      before: 15,
      after: 12.5,
      createdAt: at,
    },
  ]);
});

test("the log is append-only: the database refuses to change or delete an entry", () => {
  recordAudit(
    t.db,
    { id: 1, username: "owner" },
    { kind: "orders", action: "order.mark_paid", recordId: "PI-7KQ4-M2XD", summary: "Marked order PI-7KQ4-M2XD paid" },
  );
  expect(() => t.db.$client.exec("UPDATE audit_log SET summary = 'nothing happened'")).toThrow("append-only");
  expect(() => t.db.$client.exec("DELETE FROM audit_log")).toThrow("append-only");
  expect(t.db.select({ summary: auditLog.summary }).from(auditLog).all()).toEqual([{ summary: "Marked order PI-7KQ4-M2XD paid" }]);
});
