/**
 * A review's moderation reads one transition table (`domain/reviews.ts`): the buttons the portal
 * offers are exactly the actions the server carries out, and the author's inbox gets no more from
 * the portal than their hourly e-mail limit allows (decision 058).
 */
import { describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditLog, outbox, reviews } from "../../db/schema";
import { reviewActions, reviewActionsAllowed } from "../../domain/reviews";
import type { AdminReview, RejectedReview } from "../../shared/admin-reviews";
import { defaultSettings } from "../../shared/settings";
import { reviewsToModerate } from "../../../tests/factories";
import { adminAppPerTest } from "../../../tests/helpers/per-test";

const { t, admin } = adminAppPerTest();

const audits = (id: number) =>
  t.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.kind, "reviews"), eq(auditLog.recordId, String(id))))
    .all()
    .map((a) => a.action);
const mailTo = (email: string) => t.db.select().from(outbox).where(eq(outbox.to, email)).all();
const stored = (id: number) => t.db.select().from(reviews).where(eq(reviews.id, id)).get();

async function act(id: number, action: string, reason = "It names a person.") {
  const res = await admin.json(`/api/admin/reviews/${id}/${action}`, action === "reject" ? { reason } : undefined);
  expect(res.status).toBe(200);
  return (await res.json()) as AdminReview & Partial<RejectedReview>;
}

describe("the review actions offered and the server's guard", () => {
  test("agree in every state: an offered action changes the review and is audited; one not offered changes nothing", async () => {
    const { pending, approved, rejected } = reviewsToModerate(t.db);
    const disagreements: string[] = [];
    for (const action of reviewActions) {
      // A fresh review of each state for each action, so every try starts from the state under test.
      for (const review of [pending[action === "approve" ? 0 : 1], approved[action === "approve" ? 0 : 1], rejected[0]]) {
        if (!review) throw new Error("missing review");
        const before = await admin.read<AdminReview>(`/api/admin/reviews/${review.id}`);
        if (action === "approve" && before.status === "rejected") continue; // tried below, once the reject loop is done
        const offered = reviewActionsAllowed(before.status).includes(action);
        const audited = audits(review.id).length;
        const after = await act(review.id, action, "A different reason this time.");
        const changed = audits(review.id).length > audited;
        if (changed !== offered) disagreements.push(`${before.status} ${action}: offered ${offered}, changed ${changed}`);
        if (!offered) expect(after.status).toBe(before.status);
      }
    }
    const was = rejected[0]?.id ?? 0;
    expect(stored(was)?.rejectionReason).toBe("It names a person.");
    expect(reviewActionsAllowed("rejected")).toEqual(["approve"]);
    expect((await act(was, "approve")).status).toBe("approved");
    expect(disagreements).toEqual([]);
    expect(reviewActionsAllowed("pending")).toEqual(["approve", "reject"]);
    expect(reviewActionsAllowed("approved")).toEqual(["reject"]);
  });
});

describe("the author's inbox and the portal", () => {
  test("twelve rejections of one review in a row: each is made, but the author gets their hourly limit of e-mails and then one that waits", async () => {
    const { approved } = reviewsToModerate(t.db);
    const id = approved[0]?.id ?? 0;
    const email = "moderate-ava@example.com";
    const limit = defaultSettings.customerMailPerHour;
    const mailed: boolean[] = [];
    for (let i = 1; i <= 12; i++) {
      const rejectedNow = await act(id, "reject", `Reason number ${i}.`);
      expect(rejectedNow.status).toBe("rejected");
      mailed.push(rejectedNow.customerMailed === true);
      // Rejecting the rejected review again, with yet another reason: nothing new, nothing sent.
      const again = await act(id, "reject", `Another reason ${i}.`);
      expect(again.customerMailed).toBe(false);
      expect(again.rejectionReason).toBe(`Reason number ${i}.`);
      if (i < 12) await act(id, "approve");
    }
    // The hour's share goes at once; past it the newest rejection waits for the hour (decision 071), one in all.
    expect(mailTo(email)).toHaveLength(limit + 1);
    expect(mailed).toEqual(Array.from({ length: 12 }, () => true));
    expect(stored(id)).toMatchObject({ isApproved: false, rejectionReason: "Reason number 12." });
    const actions = audits(id);
    expect(actions.filter((a) => a === "review.reject")).toHaveLength(12);
    expect(actions.filter((a) => a === "review.approve")).toHaveLength(11);
    const summaries = t.db.select({ summary: auditLog.summary }).from(auditLog).where(eq(auditLog.action, "review.reject")).all();
    expect(summaries.at(-1)?.summary).not.toContain("the reason was not e-mailed");
  });
});
