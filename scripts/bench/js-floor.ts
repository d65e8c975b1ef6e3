/**
 * The JavaScript floor for throughput: the same captured pages as static-reference.ts, answered
 * by an ordinary `fetch(req)` handler that does the least any JavaScript handler can do: find the
 * path in a Map and return a clone of a Response built once at start. Bun's `static` routes answer
 * without calling into JavaScript at all; every request here enters JavaScript once, as every
 * request to the binary does. So floor ÷ static is the runtime's share of the gap, and binary ÷
 * floor what the app's own routing, middleware and page cache cost on top of it.
 *
 * usage: bun scripts/bench/js-floor.ts <capture-dir> <port>
 * <capture-dir>/manifest.json: the same as static-reference.ts reads.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { CapturedPage } from "./static-reference";

const [dir, portArg] = process.argv.slice(2);
if (!dir || !portArg) {
  console.error("usage: bun scripts/bench/js-floor.ts <capture-dir> <port>");
  process.exit(2);
}

const pages = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as CapturedPage[];
const prepared = new Map<string, Response>();
for (const p of pages) {
  prepared.set(p.path, new Response(readFileSync(join(dir, p.file)), { status: p.status, headers: p.headers }));
}

const server = Bun.serve({
  port: Number(portArg),
  hostname: "127.0.0.1",
  fetch(req) {
    // req.url is absolute ("http://127.0.0.1:PORT/path?query"): the path starts at the first "/"
    // after the scheme's, and the static routes ignore the query, so this does too. Cheaper than
    // new URL(), which would parse the whole address on every request.
    const url = req.url;
    const start = url.indexOf("/", 8);
    const query = url.indexOf("?", start);
    const page = prepared.get(start < 0 ? "/" : url.slice(start, query < 0 ? undefined : query));
    return page ? page.clone() : new Response("not found", { status: 404 });
  },
});
console.log(`JS floor listening on http://127.0.0.1:${server.port} (${pages.length} pages)`);
