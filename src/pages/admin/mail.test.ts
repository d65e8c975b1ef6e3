import { expect, test } from "bun:test";
import { enqueueMail } from "../../mail/outbox.server";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/mail is an admin shell: noindex, never stored, no mail in it, the AdminMail island with its filter from the URL", async () => {
  enqueueMail(t.db, { to: "ann@example.com", subject: "Your booking", text: "private" });
  const html = await expectAdminShell(t, "/admin/mail?status=failed&page=2", { title: "Mail", island: "AdminMail" });
  expect(html).toContain('"initialQuery":{"status":"failed","page":2}');
  expect(html).not.toContain("ann@example.com");
  expect(html).not.toContain("Your booking");

  const lenient = await (await t.request("/admin/mail?status=bounced&page=x")).text();
  expect(lenient).toContain('"initialQuery":{"status":null,"page":1}');
});
