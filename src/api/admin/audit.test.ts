/** GET /api/admin/audit: the log newest first, 50 a page, filtered by admin and kind, validated, behind the token, read-only. */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { recordAudit } from "../../db/audit.server";
import type { AuditKind } from "../../domain/audit";
import type { AdminAuditList } from "../../shared/admin-audit";
import { adminWithToken } from "../../../tests/factories";
import { testOrigin } from "../../../tests/helpers/browser";
import { createTestApp, errorOf, type TestApp } from "../../../tests/helpers/test-app";
import { adminRead } from "../../../tests/helpers/admins";

let t: TestApp;
let authorization: string;
let owner: { id: number; username: string };
let clerk: { id: number; username: string };
beforeEach(() => {
  t = createTestApp();
  const o = adminWithToken(t.db, "owner");
  authorization = o.authorization;
  owner = { id: o.adminId, username: "owner" };
  clerk = { id: adminWithToken(t.db, "clerk").adminId, username: "clerk" };
});
afterEach(() => t.close());

const get = (path: string, auth = authorization) => t.request(path, { headers: { Authorization: auth } });
const list = (query = "") => adminRead<AdminAuditList>(t, `/api/admin/audit${query}`, authorization);

const start = Date.parse("2026-03-01T00:00:00Z");
/** Entry `n` written `n` minutes after the start, by `who`, of `kind`. */
function entry(n: number, who = owner, kind: AuditKind = "products") {
  recordAudit(
    t.db,
    who,
    { kind, action: `${kind}.test`, recordId: n, summary: `Entry ${n}`, before: { price: "1.00" }, after: { price: "2.00" } },
    new Date(start + n * 60_000),
  );
}

describe("GET /api/admin/audit", () => {
  test("newest first, 50 a page, with the total, the fields and the admins of the filter", async () => {
    for (let n = 1; n <= 120; n++) entry(n, n % 2 ? owner : clerk);
    const first = await list();
    expect(first.total).toBe(120);
    expect(first.pageSize).toBe(50);
    expect(first.page).toBe(1);
    expect(first.entries.length).toBe(50);
    expect(first.entries[0]).toEqual({
      id: expect.any(Number),
      adminId: clerk.id,
      adminUsername: "clerk",
      kind: "products",
      action: "products.test",
      recordId: "120",
      summary: "Entry 120",
      before: { price: "1.00" },
      after: { price: "2.00" },
      createdAt: new Date(start + 120 * 60_000).toISOString(),
    });
    expect(first.admins).toEqual([
      { id: clerk.id, username: "clerk" },
      { id: owner.id, username: "owner" },
    ]);
    const third = await list("?page=3");
    expect(third.entries.map((e) => e.summary)).toEqual(Array.from({ length: 20 }, (_, i) => `Entry ${20 - i}`));
    expect((await list("?page=4")).entries).toEqual([]);
  });

  test("entries written in the same instant: the later written first", async () => {
    entry(1);
    recordAudit(t.db, owner, { kind: "users", action: "user.suspend", summary: "Second" }, new Date(start + 60_000));
    expect((await list()).entries.map((e) => e.summary)).toEqual(["Second", "Entry 1"]);
  });

  test("filtered by admin, by kind and by both; an empty filter means any", async () => {
    entry(1, owner, "products");
    entry(2, clerk, "products");
    entry(3, owner, "orders");
    entry(4, clerk, "orders");
    entry(5, owner, "account");
    const summaries = (l: AdminAuditList) => l.entries.map((e) => e.summary);
    expect(summaries(await list(`?admin=${owner.id}`))).toEqual(["Entry 5", "Entry 3", "Entry 1"]);
    expect((await list(`?admin=${owner.id}`)).total).toBe(3);
    expect(summaries(await list("?kind=orders"))).toEqual(["Entry 4", "Entry 3"]);
    expect(summaries(await list(`?kind=orders&admin=${clerk.id}`))).toEqual(["Entry 4"]);
    expect((await list(`?kind=orders&admin=${clerk.id}`)).total).toBe(1);
    expect((await list("?kind=&admin=")).total).toBe(5);
    expect((await list("?kind=mail")).total).toBe(0);
  });

  test("a bad query answers 400 with a message per field", async () => {
    const res = await get("/api/admin/audit?admin=abc&kind=nonsense&page=0");
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe("validation_error");
    expect(error.fields).toEqual({ admin: "Choose an admin", kind: "Choose a kind of change", page: "Page must be a whole number from 1" });
    expect((await get("/api/admin/audit?page=100001")).status).toBe(400);
  });

  test("behind the token; nothing changes or deletes an entry", async () => {
    entry(1);
    expect((await t.request("/api/admin/audit")).status).toBe(401);
    expect((await get("/api/admin/audit", "Bearer junk")).status).toBe(401);
    const id = (await list()).entries[0]?.id;
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      for (const path of ["/api/admin/audit", `/api/admin/audit/${id}`]) {
        const res = await t.request(path, { method, headers: { Authorization: authorization, Origin: testOrigin } });
        expect(res.status === 404 || res.status === 405).toBe(true);
      }
    }
    expect((await list()).total).toBe(1);
  });

  test("with 100,000 entries each page comes through an index, never a sort of every row (speed is measured in the bench, not here)", async () => {
    const kinds: AuditKind[] = ["products", "orders", "users", "content", "pricing"];
    const insert = t.db.$client.prepare(
      "INSERT INTO audit_log (admin_id, admin_username, kind, action, summary, before, after, created_at) VALUES (?, ?, ?, 'x.y', 'Bulk', '{\"price\":\"1.00\"}', '{\"price\":\"2.00\"}', ?)",
    );
    t.db.$client.transaction(() => {
      for (let i = 0; i < 100_000; i++) {
        const who = i % 3 ? owner : clerk;
        insert.run(who.id, who.username, kinds[i % kinds.length] ?? "products", start + i * 1000);
      }
    })();
    for (const query of ["", "?page=40", `?admin=${clerk.id}`, "?kind=pricing", `?kind=orders&admin=${owner.id}&page=5`]) {
      expect((await list(query)).entries.length).toBe(50);
    }
    const plan = t.db.$client.query("EXPLAIN QUERY PLAN SELECT * FROM audit_log WHERE kind = 'orders' ORDER BY created_at DESC, id DESC LIMIT 50").all() as {
      detail: string;
    }[];
    expect(plan.map((p) => p.detail).join(" ")).toContain("audit_log_kind_idx");
    expect(plan.map((p) => p.detail).join(" ")).not.toContain("TEMP B-TREE");
  });
});
