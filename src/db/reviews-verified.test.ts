/**
 * A refunded order takes the "Verified purchase" badge off its reviews (decision 084): at once on
 * the product page, and it does not come back when the customer edits the review; another
 * delivered order of the same product keeps it.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { adminAppPerTest } from "../../tests/helpers/per-test";
import { approveReviewOf, deliveredOrderOf, orderFor, orderInState } from "../../tests/factories";
import { createReview, editOwnReview, listApprovedReviews } from "./reviews.server";
import { reviews } from "./schema";

const { t, admin } = adminAppPerTest();
const slug = "covert-dash-cam-4k";
const words = { rating: 5, title: "Clear at night", comment: "Clear footage at night, and the mount held on rough roads." };

function reviewedDelivery(email: string) {
  const order = deliveredOrderOf(t.db, email, slug);
  const written = createReview(t.db, order.userId, order.productId, words);
  if (!written.ok) throw new Error(written.reason);
  expect(written.review.isVerifiedPurchase).toBe(true);
  approveReviewOf(t.db, email, slug);
  return { ...order, reviewId: written.review.id };
}
const shown = (productId: number, reviewId: number) => listApprovedReviews(t.db, productId, { sort: "newest", page: 1 }).reviews.find((r) => r.id === reviewId);

describe("a refunded order and the verified-purchase badge", () => {
  test("the refund takes it off the published review, and editing the review does not bring it back", async () => {
    const { orderNumber, productId, reviewId, userId } = reviewedDelivery("dana@example.com");
    expect(shown(productId, reviewId)?.isVerifiedPurchase).toBe(true);
    expect((await admin.json(`/api/admin/orders/${orderNumber}/refund`, { note: "Returned" })).status).toBe(200);
    expect(shown(productId, reviewId)?.isVerifiedPurchase).toBe(false);
    const edited = editOwnReview(t.db, userId, reviewId, { ...words, title: "Still clear at night" });
    expect(edited.ok && edited.review.isVerifiedPurchase).toBe(false);
  });

  test("another delivered order of the product keeps the badge", async () => {
    const { orderNumber, productId, reviewId, userId } = reviewedDelivery("erin@example.com");
    const again = orderFor(t.db, userId, { slug });
    const { orderId: againId } = orderInState(t.db, again.orderNumber, "delivered", "paid");
    expect((await admin.json(`/api/admin/orders/${orderNumber}/refund`)).status).toBe(200);
    expect(t.db.select({ orderId: reviews.orderId, verified: reviews.isVerifiedPurchase }).from(reviews).where(eq(reviews.id, reviewId)).get()).toEqual({
      orderId: againId,
      verified: true,
    });
    const edited = editOwnReview(t.db, userId, reviewId, words);
    expect(edited.ok && edited.review.isVerifiedPurchase).toBe(true);
    expect(shown(productId, reviewId)).toBeUndefined();
  });
});
