import { expect, test } from "bun:test";
import { contacts } from "../../db/schema";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/contacts is an admin shell: noindex, never stored, no enquiry data, the AdminContacts island with its filters from the URL", async () => {
  t.db.insert(contacts).values({ name: "Secret Sender", email: "secret@example.com", service: "other", message: "private words" }).run();
  const res = await t.request("/admin/contacts?status=handled&urgency=panic&search=%20ann%20&page=2");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).toContain("<title>Enquiries | Admin |");
  expect(html).toContain("AdminContacts");
  expect(html).toContain('"initialQuery":{"status":"handled","urgency":null,"search":"ann","page":2}');
  expect(html).not.toContain("secret@example.com");
  expect(html).not.toContain("private words");
  expect(t.deps.pageCache.size).toBe(0);
});

test("/admin/payments is an admin shell with the AdminPayments island and its filters from the URL", async () => {
  const res = await t.request("/admin/payments?status=requested&method=cheque");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain("<title>Payments | Admin |");
  expect(html).toContain("AdminPayments");
  expect(html).toContain('"initialQuery":{"status":"requested","method":null,"page":1}');
});
