/** The database's own "disk full" and "locked too long" errors become a 503 the client may retry, from any route. */
import { Database } from "bun:sqlite";
import { expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestApp } from "../../tests/helpers/test-app";
import { toHttpError } from "./errors";

/** What running `fn` throws. */
function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("nothing was thrown");
}

test("SQLITE_FULL (here a database at its page limit) is a 503 storage_full with Retry-After", () => {
  const db = new Database(":memory:");
  db.exec("CREATE TABLE t (x BLOB)");
  db.exec("PRAGMA max_page_count = 8");
  const err = thrown(() => {
    for (;;) db.query("INSERT INTO t VALUES (zeroblob(4000))").run();
  });
  expect((err as { code: string }).code).toBe("SQLITE_FULL");
  const e = toHttpError(err);
  expect([e.status, e.code, e.headers?.["Retry-After"]]).toEqual([503, "storage_full", "300"]);
  db.close();
});

test("SQLITE_BUSY (a writer held the lock past the busy timeout) is a 503 busy", () => {
  const dir = mkdtempSync(join(tmpdir(), "pi-site-busy-"));
  const a = new Database(join(dir, "x.db"));
  const b = new Database(join(dir, "x.db"));
  try {
    a.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (x); BEGIN IMMEDIATE; INSERT INTO t VALUES (1)");
    b.exec("PRAGMA busy_timeout = 0");
    const err = thrown(() => b.exec("INSERT INTO t VALUES (2)"));
    expect((err as { code: string }).code).toStartWith("SQLITE_BUSY");
    const e = toHttpError(err);
    expect([e.status, e.code]).toEqual([503, "busy"]);
  } finally {
    a.exec("ROLLBACK");
    a.close();
    b.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("with the database out of room, the contact form answers 503 (JSON and a page), nothing is stored, and pages still load", async () => {
  const t = createTestApp();
  try {
    // Nothing new fits: the database may not grow by a page (SQLITE_FULL, as on a full disk).
    const pages = t.db.$client.query<{ page_count: number }, []>("PRAGMA page_count").get()?.page_count ?? 0;
    t.db.$client.exec(`PRAGMA max_page_count = ${pages}`);
    const enquiry = { name: "Ann", email: "ann@example.com", service: "other", urgency: "normal", message: "Hello" };
    const origin = { Origin: "http://localhost" };
    let res = await t.json("/api/contacts", { ...enquiry, message: "x".repeat(4000) }, { headers: origin });
    for (let i = 0; i < 20 && res.status === 201; i++) res = await t.json("/api/contacts", { ...enquiry, message: "x".repeat(4000) }, { headers: origin });
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("storage_full");
    const before = t.db.$client.query<{ n: number }, []>("SELECT count(*) AS n FROM contacts").get()?.n;

    const form = await t.request("/contact", {
      method: "POST",
      headers: { ...origin, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams({ ...enquiry, message: "y".repeat(4000) }),
    });
    expect(form.status).toBe(503);
    const page = await form.text();
    expect(page).toContain("<h1>Nothing was saved</h1>");
    expect(page).toContain("Nothing was changed");
    if (process.env.SHOTS_DIR) writeFileSync(join(process.env.SHOTS_DIR, "storage-full.html"), page);
    expect(t.db.$client.query<{ n: number }, []>("SELECT count(*) AS n FROM contacts").get()?.n).toBe(before);

    for (const path of ["/", "/services", "/contact", "/api/products"]) expect((await t.request(path)).status, path).toBe(200);
  } finally {
    t.db.$client.exec("PRAGMA max_page_count = 1073741823");
    await t.close();
  }
});
