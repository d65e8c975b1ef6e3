import { expect, test } from "bun:test";
import { enqueueMail } from "../../mail/outbox.server";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/mail is an admin shell: noindex, never stored, no mail in it, the AdminMail island with its filter from the URL", async () => {
  enqueueMail(t.db, { to: "ann@example.com", subject: "Your booking", text: "private" });
  const res = await t.request("/admin/mail?status=failed&page=2");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).toContain("<title>Mail | Admin |");
  expect(html).toMatch(/admin-entry[^"]*\.js/);
  expect(html).not.toMatch(/\/entry[^"]*\.js/);
  expect(html).toContain("AdminMail");
  expect(html).toContain('"initialQuery":{"status":"failed","page":2}');
  expect(html).not.toContain("ann@example.com");
  expect(html).not.toContain("Your booking");
  expect(t.deps.pageCache.size).toBe(0);

  const lenient = await (await t.request("/admin/mail?status=bounced&page=x")).text();
  expect(lenient).toContain('"initialQuery":{"status":null,"page":1}');
});
