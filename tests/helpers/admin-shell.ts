/** What every server shell of the admin portal promises, checked in one place for the shells' tests. */
import { expect } from "bun:test";
import type { TestApp } from "./test-app";

/**
 * Requests the admin shell at `path` and checks what every shell promises: 200, never stored,
 * noindex, its `title`, its `island`, the admin entry and never the public one, and nothing put in
 * the page cache (a shell arrives without a cookie, so a cached one would be served to anyone).
 * Answers the HTML for the checks particular to the page.
 */
export async function expectAdminShell(t: TestApp, path: string, shell: { title: string; island: string; headers?: Record<string, string> }): Promise<string> {
  const res = await t.request(path, { headers: shell.headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).toContain(`<title>${shell.title} | Admin |`);
  expect(html).toContain(`data-island="${shell.island}"`);
  expect(html).toMatch(/admin-entry[^"]*\.js/);
  expect(html).not.toMatch(/\/entry[^"]*\.js/);
  expect(t.deps.pageCache.size).toBe(0);
  return html;
}
