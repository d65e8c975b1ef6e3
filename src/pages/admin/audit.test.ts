import { expect, test } from "bun:test";
import { recordAudit } from "../../db/audit.server";
import { adminWithToken } from "../../../tests/factories";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/audit is an admin shell: noindex, never stored, no entries, the AdminAudit island with its filters from the URL", async () => {
  const { adminId } = adminWithToken(t.db, "owner");
  recordAudit(t.db, { id: adminId, username: "owner" }, { kind: "products", action: "product.pricing", summary: "Changed the price of Secret Cam" });
  const html = await expectAdminShell(t, "/admin/audit?admin=7&kind=orders&page=2", { title: "Audit log", island: "AdminAudit" });
  expect(html).toContain('"initialQuery":{"admin":7,"kind":"orders","page":2}');
  expect(html).toContain("Australia/Adelaide");
  expect(html).not.toContain("Secret Cam");
});

test("a malformed filter in the URL falls back to everything", async () => {
  const html = await (await t.request("/admin/audit?admin=x&kind=nope&page=-1")).text();
  expect(html).toContain('"initialQuery":{"admin":null,"kind":null,"page":1}');
});
