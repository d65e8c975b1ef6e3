import { expect, test } from "bun:test";
import { ensureReferralCode } from "../../db/referrals.server";
import { customerWithSession } from "../../../tests/factories";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/referrals is an admin shell: noindex, never stored, no referral data, the AdminReferrals island with its filters from the URL", async () => {
  const { userId } = customerWithSession(t.db, "ann@example.com");
  const code = ensureReferralCode(t.db, userId);
  customerWithSession(t.db, "friend@example.com", { referralCode: code });
  const html = await expectAdminShell(t, "/admin/referrals?status=void&search=%20ann%20&page=2", { title: "Referrals", island: "AdminReferrals" });
  expect(html).toContain('"initialQuery":{"status":"void","search":"ann","page":2}');
  expect(html).not.toContain("ann@example.com");
  expect(html).not.toContain(code);
  const lenient = await (await t.request("/admin/referrals?status=lost&page=0")).text();
  expect(lenient).toContain('"initialQuery":{"status":null,"search":"","page":1}');
  expect(t.deps.pageCache.size).toBe(0);
});
