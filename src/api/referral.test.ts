import { expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { browser } from "../../tests/helpers/browser";
import { immediate } from "../db/client.server";
import { recordReferralReward, voidReferralReward } from "../db/referrals.server";
import { bookings, users } from "../db/schema";
import { referralCodePattern } from "../domain/referral";

const t = testAppPerTest();

function addBooking(userId: string) {
  return t.db
    .insert(bookings)
    .values({ userId, serviceName: "Partner Check", servicePrice: "148.00", appointmentDate: "2026-12-01", appointmentTime: "10:00" })
    .returning()
    .get();
}

test("the referral code is created on first request, unique and stable", async () => {
  const ann = browser(t);
  await ann.signUp();
  const first = (await (await ann.get("/api/referral/code")).json()) as { referralCode: string };
  expect(first.referralCode).toMatch(referralCodePattern);
  const again = (await (await ann.get("/api/referral/code")).json()) as { referralCode: string };
  expect(again.referralCode).toBe(first.referralCode);
  const bob = browser(t);
  await bob.signUp("bob@example.com");
  const bobs = (await (await bob.get("/api/referral/code")).json()) as { referralCode: string };
  expect(bobs.referralCode).not.toBe(first.referralCode);
});

test("referral endpoints need a session", async () => {
  for (const path of ["/api/referral/code", "/api/referral/earnings"]) {
    const res = await t.request(path);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "unauthorized", message: "Unauthorized" } });
  }
});

test("a referral link is remembered through sign-up and sets referredBy once", async () => {
  const ann = browser(t);
  const annId = await ann.signUp();
  const { referralCode } = (await (await ann.get("/api/referral/code")).json()) as { referralCode: string };

  const friend = browser(t);
  const landing = await friend.get(`/?ref=${referralCode.toLowerCase().replace("-", "")}`);
  expect(landing.status).toBe(200);
  expect(friend.jar.get("pi_ref")).toBe(referralCode);
  expect(landing.headers.getSetCookie().find((c) => c.startsWith("pi_ref="))).toContain("Max-Age=2592000");
  const login = await (await friend.get("/login?mode=signup")).text();
  expect(login).toContain(`value="${referralCode}"`);
  const friendId = await friend.signUp("friend@example.com", { referralCode });
  expect(t.db.select({ r: users.referredBy }).from(users).where(eq(users.id, friendId)).get()).toEqual({ r: annId });
});

test("rewards: $30 for the first booking, $10 after, voided on cancel; earnings are the referrer's own", async () => {
  const ann = browser(t);
  const annId = await ann.signUp();
  const { referralCode } = (await (await ann.get("/api/referral/code")).json()) as { referralCode: string };
  const friend = browser(t);
  const friendId = await friend.signUp("friend@example.com", { referralCode });

  const b1 = addBooking(friendId);
  const b2 = addBooking(friendId);
  immediate(t.db, () => recordReferralReward(t.db, { id: b1.id, userId: friendId }));
  immediate(t.db, () => recordReferralReward(t.db, { id: b2.id, userId: friendId }));
  // The referrer's own bookings earn nothing.
  const own = addBooking(annId);
  expect(immediate(t.db, () => recordReferralReward(t.db, { id: own.id, userId: annId }))).toBeNull();

  let earnings = (await (await ann.get("/api/referral/earnings")).json()) as {
    total: string;
    transactions: { amount: string; type: string; status: string }[];
  };
  expect(earnings.total).toBe("40.00");
  expect(earnings.transactions.map((x) => [x.amount, x.type, x.status]).sort()).toEqual([
    ["10.00", "repeat_service", "pending"],
    ["30.00", "first_service", "pending"],
  ]);
  expect(t.db.select({ e: users.totalReferralEarnings }).from(users).where(eq(users.id, annId)).get()).toEqual({ e: "40.00" });

  immediate(t.db, () => voidReferralReward(t.db, b2.id));
  earnings = (await (await ann.get("/api/referral/earnings")).json()) as typeof earnings;
  expect(earnings.total).toBe("30.00");
  const dash = await (await ann.get("/dashboard")).text();
  expect(dash).toContain("$30");
  expect(dash).toContain("1 referral transaction");

  // The friend sees their own (empty) earnings, never Ann's.
  expect(await (await friend.get("/api/referral/earnings")).json()).toEqual({ total: "0.00", transactions: [] });
});
