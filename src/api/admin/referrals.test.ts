import { describe, expect, test } from "bun:test";
import { desc, eq } from "drizzle-orm";
import { immediate } from "../../db/client.server";
import { ensureReferralCode, recordReferralReward, voidReferralReward } from "../../db/referrals.server";
import { auditLog, bookings, referralTransactions, users } from "../../db/schema";
import type { AdminPayAllResult, AdminReferrerDetail, AdminReferrerList, AdminReward } from "../../shared/admin-referrals";
import { testOrigin } from "../../../tests/helpers/browser";
import { customerWithSession } from "../../../tests/factories";
import { errorOf } from "../../../tests/helpers/test-app";
import { expectQueriesRefused } from "../../../tests/helpers/admins";
import { adminAppPerTest } from "../../../tests/helpers/per-test";

const { t, admin } = adminAppPerTest();

/** A customer who refers others: their id and code. */
function referrer(email: string, firstName?: string) {
  const { userId, cookie } = customerWithSession(t.db, email, { firstName });
  return { userId, cookie, code: ensureReferralCode(t.db, userId) };
}

/** A customer signed up with `code`, and `count` bookings of theirs, each recorded with its reward. */
function referredWithBookings(email: string, code: string, count: number) {
  const { userId } = customerWithSession(t.db, email, { referralCode: code });
  const rewardIds: string[] = [];
  for (let i = 0; i < count; i++) {
    const booking = t.db
      .insert(bookings)
      .values({
        userId,
        serviceName: "Partner Check",
        servicePrice: "148.00",
        appointmentDate: `2026-12-${String(i + 1).padStart(2, "0")}`,
        appointmentTime: "10:00",
      })
      .returning()
      .get();
    const reward = immediate(t.db, () => recordReferralReward(t.db, { id: booking.id, userId }));
    if (!reward) throw new Error("no reward recorded");
    rewardIds.push(reward.id);
  }
  return { userId, rewardIds };
}

const reward = (id: string) => t.db.select().from(referralTransactions).where(eq(referralTransactions.id, id)).get()!;
const earnings = (userId: string) => t.db.select({ e: users.totalReferralEarnings }).from(users).where(eq(users.id, userId)).get()?.e;
const audits = () => t.db.select().from(auditLog).orderBy(desc(auditLog.id)).all();

const list = (query = "") => admin.read<AdminReferrerList>(`/api/admin/referrals${query}`);

test("every route is behind the admin token", async () => {
  const ann = referrer("ann@example.com");
  const { rewardIds } = referredWithBookings("friend@example.com", ann.code, 1);
  expect((await t.request("/api/admin/referrals")).status).toBe(401);
  expect((await t.request(`/api/admin/referrals/${ann.userId}`)).status).toBe(401);
  for (const path of [
    `/api/admin/referrals/${ann.userId}/paid`,
    `/api/admin/referrals/rewards/${rewardIds[0]}/paid`,
    `/api/admin/referrals/rewards/${rewardIds[0]}/void`,
  ]) {
    const res = await t.json(path, { reason: "Duplicate booking" }, { headers: { Origin: testOrigin } });
    expect(res.status).toBe(401);
  }
  expect(reward(rewardIds[0]!).status).toBe("pending");
  expect(audits()).toHaveLength(0);
});

describe("GET /api/admin/referrals", () => {
  test("one row per referrer with their referred customers and tallies, most pending money first", async () => {
    const ann = referrer("ann@example.com", "Ann");
    const bob = referrer("bob@example.com", "Bob");
    referrer("cy@example.com", "Cy");
    referredWithBookings("f1@example.com", ann.code, 1); // $30 pending
    const bobsFriend = referredWithBookings("f2@example.com", bob.code, 3); // $30 + $10 + $10 pending
    referredWithBookings("f3@example.com", bob.code, 0);
    immediate(t.db, () =>
      voidReferralReward(t.db, t.db.select().from(referralTransactions).where(eq(referralTransactions.id, bobsFriend.rewardIds[2]!)).get()!.bookingId!),
    );

    const all = await list();
    expect(all).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(all.referrers.map((r) => r.email)).toEqual(["bob@example.com", "ann@example.com"]);
    expect(all.referrers[0]).toMatchObject({
      name: "Bob",
      referralCode: bob.code,
      referredCount: 2,
      pending: { amount: "40.00", count: 2 },
      paid: { amount: "0.00", count: 0 },
      void: { amount: "10.00", count: 1 },
    });
    expect(all.referrers[1]).toMatchObject({ referredCount: 1, pending: { amount: "30.00", count: 1 } });

    expect((await list("?status=void")).referrers.map((r) => r.email)).toEqual(["bob@example.com"]);
    expect((await list("?status=paid")).total).toBe(0);
    expect((await list("?status=")).total).toBe(2);
  });

  test("searched by name or e-mail, short and long searches alike; % matches only itself", async () => {
    const ann = referrer("ann_lee@example.com", "Annabel");
    const bob = referrer("bob@example.com", "Bob");
    referredWithBookings("f1@example.com", ann.code, 1);
    referredWithBookings("f2@example.com", bob.code, 1);
    expect((await list("?search=annabel")).referrers.map((r) => r.email)).toEqual(["ann_lee@example.com"]);
    expect((await list("?search=BOB@EXAMPLE")).referrers.map((r) => r.email)).toEqual(["bob@example.com"]);
    expect((await list("?search=bo")).referrers.map((r) => r.email)).toEqual(["bob@example.com"]);
    expect((await list("?search=%25")).total).toBe(0);
    expect((await list("?search=nobody")).total).toBe(0);
  });

  test("pages of 20", async () => {
    for (let i = 0; i < 21; i++) {
      const r = referrer(`r${i}@example.com`);
      referredWithBookings(`f${i}@example.com`, r.code, 1);
    }
    const first = await list();
    expect(first.referrers).toHaveLength(20);
    expect(first.total).toBe(21);
    const second = await list("?page=2");
    expect(second.referrers).toHaveLength(1);
    expect(first.referrers.map((r) => r.userId)).not.toContain(second.referrers[0]!.userId);
  });

  test("a bad query is a 400 naming the field", async () => {
    await expectQueriesRefused(admin, "/api/admin/referrals", [
      ["?status=lost", "status"],
      ["?page=0", "page"],
      ["?page=abc", "page"],
    ]);
  });
});

describe("GET /api/admin/referrals/{userId}", () => {
  test("the referrer's rewards with the referred customer and the booking, newest first", async () => {
    const ann = referrer("ann@example.com", "Ann");
    const friend = referredWithBookings("friend@example.com", ann.code, 2);
    const res = await admin.get(`/api/admin/referrals/${ann.userId}`);
    expect(res.status).toBe(200);
    const detail = (await res.json()) as AdminReferrerDetail;
    expect(detail.referrer).toMatchObject({ userId: ann.userId, name: "Ann", pending: { amount: "40.00", count: 2 } });
    expect(new Set(detail.rewards.map((r) => r.id))).toEqual(new Set(friend.rewardIds));
    const first = detail.rewards.find((r) => r.id === friend.rewardIds[0])!;
    expect(first).toMatchObject({
      amount: "30.00",
      type: "first_service",
      status: "pending",
      paidAt: null,
      voidedAt: null,
      voidReason: null,
      referredCustomer: { name: "friend", email: "friend@example.com" },
      booking: { serviceName: "Partner Check", appointmentDate: "2026-12-01", appointmentTime: "10:00", status: "pending" },
    });
  });

  test("404 for an unknown customer", async () => {
    const res = await admin.get("/api/admin/referrals/no-such-user");
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("not_found");
  });
});

describe("paying and voiding rewards", () => {
  test("a pending reward is marked paid once; paying it again is a 409 naming its status", async () => {
    const ann = referrer("ann@example.com", "Ann");
    const [id] = referredWithBookings("friend@example.com", ann.code, 1).rewardIds as [string];
    const res = await admin.json(`/api/admin/referrals/rewards/${id}/paid`);
    expect(res.status).toBe(200);
    const paid = (await res.json()) as AdminReward;
    expect(paid.status).toBe("paid");
    expect(paid.paidAt).not.toBeNull();
    expect(reward(id).status).toBe("paid");
    // A paid reward still counts in the referrer's earnings.
    expect(earnings(ann.userId)).toBe("30.00");
    const [entry] = audits();
    expect(entry).toMatchObject({
      kind: "referrals",
      action: "referral.paid",
      recordId: id,
      adminUsername: "owner",
      before: { status: "pending", amount: "30.00" },
      after: { status: "paid", amount: "30.00" },
    });
    expect(entry?.summary).toContain("Ann");

    const again = await admin.json(`/api/admin/referrals/rewards/${id}/paid`);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe("This reward is already paid: only a pending reward can be paid.");
    const voidPaid = await admin.json(`/api/admin/referrals/rewards/${id}/void`, { reason: "Changed my mind" });
    expect(voidPaid.status).toBe(409);
    expect((await errorOf(voidPaid)).message).toContain("already paid");
    expect(reward(id).status).toBe("paid");
    expect(audits()).toHaveLength(1);
  });

  test("a void needs a reason, takes the reward out of the earnings, and is final", async () => {
    const ann = referrer("ann@example.com");
    const [first, second] = referredWithBookings("friend@example.com", ann.code, 2).rewardIds as [string, string];
    expect(earnings(ann.userId)).toBe("40.00");

    for (const body of [{}, { reason: "  " }, { reason: "no" }, { reason: "x".repeat(301) }, { reason: 12 }]) {
      const res = await admin.json(`/api/admin/referrals/rewards/${second}/void`, body);
      expect(res.status).toBe(400);
      expect(Object.keys((await errorOf(res)).fields ?? {})).toEqual(["reason"]);
    }
    expect(reward(second)).toMatchObject({ status: "pending", voidReason: null, voidedAt: null });
    expect(audits()).toHaveLength(0);

    const res = await admin.json(`/api/admin/referrals/rewards/${second}/void`, { reason: "  Booking was a duplicate  " });
    expect(res.status).toBe(200);
    expect((await res.json()) as AdminReward).toMatchObject({ status: "void", voidReason: "Booking was a duplicate" });
    expect(reward(second).voidedAt).toBeInstanceOf(Date);
    expect(earnings(ann.userId)).toBe("30.00");
    expect(audits()[0]).toMatchObject({
      kind: "referrals",
      action: "referral.void",
      recordId: second,
      before: { status: "pending", amount: "10.00" },
      after: { status: "void", amount: "10.00", reason: "Booking was a duplicate" },
    });

    for (const action of ["paid", "void"]) {
      const again = await admin.json(`/api/admin/referrals/rewards/${second}/${action}`, { reason: "Once more" });
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toContain("This reward is void");
    }
    expect(reward(first).status).toBe("pending");
    expect(audits()).toHaveLength(1);
  });

  test("an unknown reward is a 404", async () => {
    expect((await admin.json("/api/admin/referrals/rewards/nope/paid")).status).toBe(404);
    expect((await admin.json("/api/admin/referrals/rewards/nope/void", { reason: "Duplicate" })).status).toBe(404);
    expect(audits()).toHaveLength(0);
  });

  test("pay all pays only the referrer's pending rewards and answers how many and how much", async () => {
    const ann = referrer("ann@example.com", "Ann");
    const bob = referrer("bob@example.com");
    const [a1, a2, a3, a4] = referredWithBookings("friend@example.com", ann.code, 4).rewardIds as [string, string, string, string];
    const [b1] = referredWithBookings("other@example.com", bob.code, 1).rewardIds as [string];
    await admin.json(`/api/admin/referrals/rewards/${a1}/paid`);
    await admin.json(`/api/admin/referrals/rewards/${a2}/void`, { reason: "Booking was a duplicate" });
    const paidAt = reward(a1).paidAt;

    const res = await admin.json(`/api/admin/referrals/${ann.userId}/paid`);
    expect(res.status).toBe(200);
    const result = (await res.json()) as AdminPayAllResult;
    expect(result).toMatchObject({ paidCount: 2, paidAmount: "20.00", referrer: { pending: { count: 0 }, paid: { amount: "50.00", count: 3 } } });
    expect([a3, a4].map((id) => reward(id).status)).toEqual(["paid", "paid"]);
    expect(reward(a1).paidAt).toEqual(paidAt);
    expect(reward(a2)).toMatchObject({ status: "void", paidAt: null });
    expect(reward(b1).status).toBe("pending");
    expect(earnings(ann.userId)).toBe("50.00");
    expect(audits()[0]).toMatchObject({
      kind: "referrals",
      action: "referral.pay_all",
      recordId: ann.userId,
      before: { status: "pending", amount: "20.00", rewards: 2 },
      after: { status: "paid", amount: "20.00", rewards: 2 },
    });

    const again = await admin.json(`/api/admin/referrals/${ann.userId}/paid`);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("nothing_pending");
    expect((await admin.json("/api/admin/referrals/no-such-user/paid")).status).toBe(404);
    expect(audits()).toHaveLength(3);
  });
});

test("a cancelled booking's reward is voided with the reason, but a paid one stays paid", async () => {
  const ann = referrer("ann@example.com");
  const [first, second] = referredWithBookings("friend@example.com", ann.code, 2).rewardIds as [string, string];
  await admin.json(`/api/admin/referrals/rewards/${first}/paid`);
  immediate(t.db, () => voidReferralReward(t.db, reward(first).bookingId!));
  immediate(t.db, () => voidReferralReward(t.db, reward(second).bookingId!));
  expect(reward(first).status).toBe("paid");
  expect(reward(second)).toMatchObject({ status: "void", voidReason: "The booking was cancelled." });
  expect(earnings(ann.userId)).toBe("30.00");
});

test("the referrer's dashboard shows each reward's status, when it was paid, why it was voided, and the pending and paid totals", async () => {
  const ann = referrer("ann@example.com");
  const [first, second, third] = referredWithBookings("friend@example.com", ann.code, 3).rewardIds as [string, string, string];
  await admin.json(`/api/admin/referrals/rewards/${first}/paid`);
  await admin.json(`/api/admin/referrals/rewards/${second}/void`, { reason: "Booking was a <duplicate>" });
  const res = await t.request("/dashboard", { headers: { Cookie: ann.cookie } });
  expect(res.status).toBe(200);
  const html = await res.text();
  expect(html).toContain("Your Referral Rewards");
  expect(html).toContain("$10 pending · $30 paid");
  expect(html).toMatch(/Paid on \d{1,2} [A-Z][a-z]{2} 2\d{3}/);
  expect(html).toContain("Void: Booking was a &lt;duplicate&gt;");
  expect(html).toContain("Pending");
  expect(html).toContain('data-testid="referral-total">$40<');
  expect(reward(third).status).toBe("pending");
  // The referred friend's name and booking stay private to the owner.
  expect(html).not.toContain("friend@example.com");
  expect(html).not.toContain("Partner Check");
});
