import { expect, test } from "bun:test";
import { ensureReferralCode } from "../../db/referrals.server";
import { customerWithSession } from "../../../tests/factories";
import { testAppPerFile } from "../../../tests/helpers/per-test";

const t = testAppPerFile();

test("/admin/referrals is an admin shell: noindex, never stored, no referral data, the AdminReferrals island with its filters from the URL", async () => {
  const { userId } = customerWithSession(t.db, "ann@example.com");
  const code = ensureReferralCode(t.db, userId);
  customerWithSession(t.db, "friend@example.com", { referralCode: code });
  const res = await t.request("/admin/referrals?status=void&search=%20ann%20&page=2");
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toContain("no-store");
  const html = await res.text();
  expect(html).toContain('<meta name="robots" content="noindex');
  expect(html).toContain("<title>Referrals | Admin |");
  expect(html).toMatch(/admin-entry[^"]*\.js/);
  expect(html).toContain("AdminReferrals");
  expect(html).toContain('"initialQuery":{"status":"void","search":"ann","page":2}');
  expect(html).not.toContain("ann@example.com");
  expect(html).not.toContain(code);
  const lenient = await (await t.request("/admin/referrals?status=lost&page=0")).text();
  expect(lenient).toContain('"initialQuery":{"status":null,"search":"","page":1}');
  expect(t.deps.pageCache.size).toBe(0);
});
