/**
 * The memory reference: the smallest server that uses what the site's runtime uses at idle, compiled
 * the same way as dist/pi-site (startup.ts builds it). It listens with Bun.serve, keeps a SQLite
 * database in WAL mode, compresses with brotli and gzip, formats a date in the business's timezone and
 * a price (the ICU data), and hashes a password with the site's argon2id settings. Its idle RSS is
 * what any Bun server doing the site's kind of work costs before one line of the site's own code;
 * dist/pi-site's figure minus this one is what the site adds.
 *
 * usage: PORT=<port> DATA_DIR=<dir> ./runtime-floor (compiled)
 */
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

const db = new Database(join(process.env.DATA_DIR ?? ".", "floor.db"));
db.exec("PRAGMA journal_mode = WAL");
db.exec("CREATE TABLE IF NOT EXISTS visits (at TEXT NOT NULL)");
const html = new TextEncoder().encode(`<!doctype html><html lang="en-AU"><body>${"<p>Adelaide</p>".repeat(400)}</body></html>`);
const br = brotliCompressSync(html);
gzipSync(html);
const stamp = new Intl.DateTimeFormat("en-AU", { timeZone: "Australia/Adelaide", dateStyle: "full", timeStyle: "short" });
const price = new Intl.NumberFormat("en-AU", { style: "currency", currency: "USD" });
await Bun.password.hash("a password", { algorithm: "argon2id", memoryCost: 7168, timeCost: 5 });

Bun.serve({
  port: Number(process.env.PORT),
  hostname: "127.0.0.1",
  fetch(req) {
    if (new URL(req.url).pathname === "/healthz") return Response.json({ status: "ok" });
    db.query("INSERT INTO visits (at) VALUES (?)").run(stamp.format(new Date()));
    return new Response(br, { headers: { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "br", "X-Price": price.format(295) } });
  },
});
