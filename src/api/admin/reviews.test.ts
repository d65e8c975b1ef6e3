import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { auditLog, outbox, reviews } from "../../db/schema";
import type { AdminReview, AdminReviewList } from "../../shared/admin-reviews";
import { adminWithToken, reviewsToModerate } from "../../../tests/factories";
import { testOrigin } from "../../../tests/helpers/browser";
import { countRows, errorOf } from "../../../tests/helpers/test-app";
import { expectQueriesRefused } from "../../../tests/helpers/admins";
import { adminAppPerTest } from "../../../tests/helpers/per-test";

const { t, admin } = adminAppPerTest();

const list = (query = "") => admin.read<AdminReviewList>(`/api/admin/reviews${query}`);
const titles = (l: AdminReviewList) => l.reviews.map((r) => r.title);
const audits = () => t.db.select().from(auditLog).all();
const stored = (id: number) => t.db.select().from(reviews).where(eq(reviews.id, id)).get();
/** Everything a refused request must leave as it was. */
const snapshot = () => ({ reviews: t.db.select().from(reviews).all(), audit: countRows(t, "audit_log"), outbox: countRows(t, "outbox") });

describe("GET /api/admin/reviews", () => {
  test("waiting reviews first, then the newest; filters by status, rating, product and search", async () => {
    const seeded = reviewsToModerate(t.db);
    const all = await list();
    expect(all.total).toBe(6);
    // Waiting newest first, then the others newest first.
    expect(titles(all)).toEqual([
      "Good range, some hiss",
      "<script>alert('x')</script> works well",
      "Battery runs out quickly",
      "My neighbour John Smith",
      "Small and easy to hide",
      "Clear footage at night",
    ]);
    expect(all.reviews.map((r) => r.status)).toEqual(["pending", "pending", "pending", "rejected", "approved", "approved"]);
    expect(all.products.map((p) => p.id).sort()).toEqual([...seeded.productIds].sort());
    const first = all.reviews[0] as AdminReview;
    expect(first).toMatchObject({ rating: 3, isVerifiedPurchase: false, customer: { name: "Fay Reviewer", email: "moderate-fay@example.com" } });
    expect(first.product.slug).toBe("parabolic-microphone");

    expect(titles(await list("?status=pending"))).toEqual(["Good range, some hiss", "<script>alert('x')</script> works well", "Battery runs out quickly"]);
    expect(titles(await list("?status=approved"))).toEqual(["Small and easy to hide", "Clear footage at night"]);
    expect(titles(await list("?status=rejected"))).toEqual(["My neighbour John Smith"]);
    expect((await list("?status=rejected")).reviews[0]?.rejectionReason).toBe("It names a person.");
    expect(titles(await list("?rating=5"))).toEqual(["<script>alert('x')</script> works well", "Clear footage at night"]);
    expect(titles(await list(`?product=${seeded.productIds[0]}`))).toEqual(["Battery runs out quickly", "Clear footage at night"]);
    expect(titles(await list("?search=ben"))).toEqual(["Small and easy to hide"]);
    expect(titles(await list("?search=hiss"))).toEqual(["Good range, some hiss"]);
    expect(titles(await list("?search=voice%20recorder"))).toEqual(["<script>alert('x')</script> works well", "Small and easy to hide"]);
    expect((await list("?page=2")).reviews).toEqual([]);
  });

  test("a bad query is a 400 naming the field", async () => {
    await expectQueriesRefused(admin, "/api/admin/reviews", [
      ["?status=waiting", "status"],
      ["?rating=6", "rating"],
      ["?rating=4.5", "rating"],
      ["?product=abc", "product"],
      ["?page=0", "page"],
    ]);
  });

  test("the summary counts the waiting reviews", async () => {
    reviewsToModerate(t.db);
    expect(await admin.read("/api/admin/reviews/summary")).toEqual({ pending: 3 });
  });

  test("without a token: 401; staff may moderate", async () => {
    const { pending } = reviewsToModerate(t.db);
    expect((await t.request("/api/admin/reviews")).status).toBe(401);
    const id = pending[0]?.id;
    expect((await t.request(`/api/admin/reviews/${id}/approve`, { method: "POST", headers: { Origin: testOrigin } })).status).toBe(401);
    expect(stored(id ?? 0)?.isApproved).toBe(false);
    const staff = adminWithToken(t.db, "staff-1", null, "staff");
    const res = await t.request(`/api/admin/reviews/${id}/approve`, { method: "POST", headers: { Authorization: staff.authorization, Origin: testOrigin } });
    expect(res.status).toBe(200);
    expect(audits().at(-1)).toMatchObject({ adminUsername: "staff-1", action: "review.approve" });
  });
});

describe("GET /api/admin/reviews/{id}", () => {
  test("one review; 404 for an unknown or malformed id", async () => {
    const { rejected } = reviewsToModerate(t.db);
    const id = rejected[0]?.id;
    expect(await admin.read<AdminReview>(`/api/admin/reviews/${id}`)).toMatchObject({ id, status: "rejected", rating: 1 });
    for (const path of ["/api/admin/reviews/99999", "/api/admin/reviews/abc", "/api/admin/reviews/0"]) {
      const res = await admin.get(path);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("not_found");
    }
  });
});

describe("approve, reject, reply, delete", () => {
  test("approving a waiting review approves it once, audited; approving a rejected one clears the rejection", async () => {
    const { pending, rejected } = reviewsToModerate(t.db);
    const id = pending[0]?.id ?? 0;
    const res = await admin.json(`/api/admin/reviews/${id}/approve`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as AdminReview).status).toBe("approved");
    expect(stored(id)).toMatchObject({ isApproved: true, rejectedAt: null });
    expect(audits()).toHaveLength(1);
    expect(audits()[0]).toMatchObject({ kind: "reviews", action: "review.approve", recordId: String(id), adminUsername: "owner" });
    expect(audits()[0]?.summary).toBe("Approved Dee Reviewer's 2-star review of 4K Covert Dual Dash Cam.");
    // Again: nothing changes, nothing recorded.
    expect((await admin.json(`/api/admin/reviews/${id}/approve`)).status).toBe(200);
    expect(audits()).toHaveLength(1);

    const was = rejected[0]?.id ?? 0;
    await admin.json(`/api/admin/reviews/${was}/approve`);
    expect(stored(was)).toMatchObject({ isApproved: true, rejectedAt: null, rejectionReason: null });
  });

  test("rejecting needs a reason of 1 to 500 characters; refused, nothing changes and no mail is queued", async () => {
    const { pending } = reviewsToModerate(t.db);
    const id = pending[0]?.id ?? 0;
    const before = snapshot();
    for (const body of [{}, { reason: "" }, { reason: "   " }, { reason: "x".repeat(501) }, { reason: 5 }]) {
      const res = await admin.json(`/api/admin/reviews/${id}/reject`, body);
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe("validation_error");
      expect(Object.keys(error.fields ?? {})).toEqual(["reason"]);
    }
    const bad = await admin.send("POST", `/api/admin/reviews/${id}/reject`, undefined, "{not json");
    expect(bad.status).toBe(400);
    expect(snapshot()).toEqual(before);
    const unknown = await admin.json("/api/admin/reviews/99999/reject", { reason: "Off topic." });
    expect(unknown.status).toBe(404);
    expect(snapshot()).toEqual(before);
  });

  test("rejecting an approved review takes it down, keeps the reason and e-mails the customer the reason and the product's link", async () => {
    const { approved } = reviewsToModerate(t.db);
    const id = approved[0]?.id ?? 0;
    const res = await admin.json(`/api/admin/reviews/${id}/reject`, { reason: "  It shows a car's number plate.  " });
    expect(res.status).toBe(200);
    expect((await res.json()) as AdminReview).toMatchObject({ status: "rejected", rejectionReason: "It shows a car's number plate." });
    expect(stored(id)).toMatchObject({ isApproved: false, rejectionReason: "It shows a car's number plate." });
    expect(stored(id)?.rejectedAt).toBeInstanceOf(Date);
    const mails = t.db.select().from(outbox).all();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe("moderate-ava@example.com");
    expect(mails[0]?.subject).toBe("Your review was not published");
    expect(mails[0]?.text).toContain("Thank you for reviewing 4K Covert Dual Dash Cam.");
    expect(mails[0]?.text).toContain("It shows a car's number plate.");
    expect(mails[0]?.text).toContain("/shop/product/covert-dash-cam-4k#write-review");
    expect(audits().map((a) => a.action)).toEqual(["review.reject"]);
    expect(audits()[0]?.after).toEqual({ status: "rejected", rejectionReason: "It shows a car's number plate." });
    // The same reason again: nothing new, no second mail.
    await admin.json(`/api/admin/reviews/${id}/reject`, { reason: "It shows a car's number plate." });
    expect(countRows(t, "outbox")).toBe(1);
    expect(audits()).toHaveLength(1);
  });

  test("a reply is set, changed and removed (empty), each audited; an over-long one is refused", async () => {
    const { approved } = reviewsToModerate(t.db);
    const id = approved[0]?.id ?? 0;
    const set = await admin.json(`/api/admin/reviews/${id}/reply`, { reply: "Thank you, Ava." });
    expect(((await set.json()) as AdminReview).reply).toBe("Thank you, Ava.");
    expect(stored(id)?.repliedAt).toBeInstanceOf(Date);
    const before = snapshot();
    const long = await admin.json(`/api/admin/reviews/${id}/reply`, { reply: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(Object.keys((await errorOf(long)).fields ?? {})).toEqual(["reply"]);
    expect((await admin.json(`/api/admin/reviews/${id}/reply`, {})).status).toBe(400);
    expect(snapshot()).toEqual(before);
    const removed = await admin.json(`/api/admin/reviews/${id}/reply`, { reply: "  " });
    expect(((await removed.json()) as AdminReview).reply).toBeNull();
    expect(stored(id)).toMatchObject({ reply: null, repliedAt: null });
    expect(audits().map((a) => a.action)).toEqual(["review.reply", "review.reply.remove"]);
    expect((await admin.json("/api/admin/reviews/99999/reply", { reply: "Hi" })).status).toBe(404);
  });

  test("deleting removes the review, keeps what it said in the audit log; a second delete is a 404", async () => {
    const { pending } = reviewsToModerate(t.db);
    const id = pending[1]?.id ?? 0;
    const res = await admin.send("DELETE", `/api/admin/reviews/${id}`);
    expect(res.status).toBe(204);
    expect(stored(id)).toBeUndefined();
    expect(audits()[0]).toMatchObject({ kind: "reviews", action: "review.delete", recordId: String(id) });
    expect(audits()[0]?.before).toMatchObject({ title: "<script>alert('x')</script> works well", email: "moderate-eli@example.com" });
    const before = snapshot();
    const again = await admin.send("DELETE", `/api/admin/reviews/${id}`);
    expect(again.status).toBe(404);
    expect(snapshot()).toEqual(before);
  });
});
