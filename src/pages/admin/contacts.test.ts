import { expect, test } from "bun:test";
import { contacts } from "../../db/schema";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/contacts is an admin shell: noindex, never stored, no enquiry data, the AdminContacts island with its filters from the URL", async () => {
  t.db.insert(contacts).values({ name: "Secret Sender", email: "secret@example.com", service: "other", message: "private words" }).run();
  const html = await expectAdminShell(t, "/admin/contacts?status=handled&urgency=panic&search=%20ann%20&page=2", {
    title: "Enquiries",
    island: "AdminContacts",
  });
  expect(html).toContain('"initialQuery":{"status":"handled","urgency":null,"search":"ann","page":2}');
  expect(html).not.toContain("secret@example.com");
  expect(html).not.toContain("private words");
});

test("/admin/payments is an admin shell with the AdminPayments island and its filters from the URL", async () => {
  const html = await expectAdminShell(t, "/admin/payments?status=requested&method=cheque", { title: "Payments", island: "AdminPayments" });
  expect(html).toContain('"initialQuery":{"status":"requested","method":null,"page":1}');
});
