/**
 * The throughput reference: Bun's own static-response server, serving byte for byte what
 * dist/pi-site answered (status, headers, compressed body), captured by throughput.ts.
 * It is the fastest a Bun server can answer these requests, so binary/reference shows what the
 * app's routing, middleware and page cache cost. js-floor.ts serves the same captures through a
 * JavaScript fetch handler: the part of that gap that any handler in JavaScript pays.
 *
 * usage: bun scripts/bench/static-reference.ts <capture-dir> <port>
 * <capture-dir>/manifest.json: [{ path, status, headers: [name, value][], file }], each `file`
 * holding the exact response body.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

export type CapturedPage = { path: string; status: number; headers: [string, string][]; file: string };

const [dir, portArg] = process.argv.slice(2);
if (!dir || !portArg) {
  console.error("usage: bun scripts/bench/static-reference.ts <capture-dir> <port>");
  process.exit(2);
}

const pages = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as CapturedPage[];
const staticRoutes: Record<string, Response> = {};
for (const p of pages) {
  staticRoutes[p.path] = new Response(readFileSync(join(dir, p.file)), { status: p.status, headers: p.headers });
}

// `static` is the older name of `routes` with plain Response values; Bun still accepts it and serves
// those responses without calling into JavaScript. Its types were dropped, hence the cast.
const options = {
  port: Number(portArg),
  hostname: "127.0.0.1",
  static: staticRoutes,
  fetch: () => new Response("not found", { status: 404 }),
};
const server = Bun.serve(options as unknown as Parameters<typeof Bun.serve>[0]);
console.log(`static reference listening on http://127.0.0.1:${server.port} (${pages.length} pages)`);
