/**
 * The owner's actions: the portal's write handlers only parse, call an action and answer, so what a
 * change mails, which money it moves and what it refuses is decided in `src/actions/` alone, and an
 * action works the same without HTTP.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { adminWithToken, customerWithSession, reviewsToModerate } from "../../tests/factories";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { countRows } from "../../tests/helpers/test-app";
import { recordContactEnquiry } from "../db/contacts.server";
import { updateSetting } from "../db/settings.server";
import { hashPassword } from "../server/auth/crypto.server";
import { HttpError } from "../server/errors";
import { changeOwnAdminPasswordByAdmin } from "./change-own-admin-password.server";
import { createCategoryByAdmin } from "./create-category.server";
import { createProductByAdmin } from "./create-product.server";
import { deleteCategoryByAdmin } from "./delete-category.server";
import { deleteEnquiryByAdmin } from "./delete-enquiry.server";
import { deleteReviewByAdmin } from "./delete-review-by-admin.server";
import { openEnquiryByAdmin } from "./open-enquiry.server";
import { payAllReferralRewardsByAdmin } from "./pay-all-referral-rewards.server";
import { payReferralRewardByAdmin } from "./pay-referral-reward.server";
import { replyToReviewByAdmin } from "./reply-to-review.server";
import { voidReferralRewardByAdmin } from "./void-referral-reward.server";
import { signInAdmin } from "./sign-in-admin.server";
import { categoryHasProductsMessage } from "../shared/admin-categories";
import { emptyProductForm } from "../shared/admin-product-editor";
import { rejectReviewByAdmin } from "./reject-review.server";
import { saveSettingsByAdmin } from "./save-settings.server";

const t = testAppPerTest({ BUSINESS_EMAIL: "owner@example.com" });

const root = join(import.meta.dir, "../..");
/** The portal's API modules whose writes mail someone, move money or change what a customer holds. */
const writeHandlers = ["orders", "payments", "reviews", "contacts", "users", "bookings", "settings", "mail", "notes", "referrals"];
/** The portal's API modules whose writes change the shop, the public pages or who may sign in. */
const catalogueAndAccountHandlers = ["products", "categories", "content", "pricing", "uploads", "admins", "totp", "auth"];

/** What `refuse` threw; a test fails when it throws nothing. */
function refusal(refuse: () => unknown): unknown {
  try {
    refuse();
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal, and nothing was thrown");
}

const withoutComments = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("//"))
    .join("\n");

describe("the portal's write handlers call actions", () => {
  test("none queues mail, calls PayPal, wakes the outbox or logs a change itself; each calls an action", () => {
    const offences: string[] = [];
    for (const name of [...writeHandlers, ...catalogueAndAccountHandlers]) {
      const code = withoutComments(readFileSync(join(root, "src/api/admin", `${name}.ts`), "utf8"));
      const imports = [...code.matchAll(/\bfrom\s+["']([^"']+)["']/g)].map((m) => m[1] ?? "");
      for (const path of imports) {
        if (/\/(mail|payments)\//.test(path)) offences.push(`${name}.ts imports ${path}`);
      }
      if (/\.outbox\.kick\(/.test(code)) offences.push(`${name}.ts wakes the outbox`);
      if (/\blog\.(info|warn|error)\(/.test(code)) offences.push(`${name}.ts logs a change`);
      if (!imports.some((path) => path.startsWith("../../actions/"))) offences.push(`${name}.ts calls no action`);
    }
    expect(offences).toEqual([]);
  });
});

describe("an action without HTTP", () => {
  test("a rejection queues the author's e-mail in the business's name as saved a moment ago, and answers that it was sent", () => {
    const owner = adminWithToken(t.db, "owner");
    const { pending } = reviewsToModerate(t.db);
    updateSetting(t.db, "businessName", "Renamed Investigations");
    const review = rejectReviewByAdmin(t.deps, { id: owner.adminId, username: "owner" }, pending[0]?.id ?? 0, "It names a person.");
    expect(review.customerMailed).toBe(true);
    const mail = t.db.$client.query('SELECT "to", reply_to AS replyTo, text FROM outbox').get() as { to: string; replyTo: string; text: string };
    expect(mail.to).toBe("moderate-dee@example.com");
    expect(mail.replyTo).toBe("owner@example.com");
    expect(mail.text).toContain("Renamed Investigations");
    expect(mail.text).toContain("It names a person.");
  });

  test("an unknown review is the 404 the route answers, and nothing is queued or audited", () => {
    const owner = adminWithToken(t.db, "owner");
    const reject = () => rejectReviewByAdmin(t.deps, { id: owner.adminId, username: "owner" }, 999_999, "No.");
    expect(reject).toThrow(HttpError);
    expect(reject).toThrow("There is no such review. It may have been deleted.");
    expect(countRows(t, "outbox")).toBe(0);
    expect(countRows(t, "audit_log")).toBe(0);
  });

  test("a settings save asks for the password again by itself: a sign-in older than ten minutes is refused and nothing is written", () => {
    const owner = adminWithToken(t.db, "owner");
    const actor = { id: owner.adminId, username: "owner" };
    const save = (reauthenticatedAt: number | null) => saveSettingsByAdmin(t.deps, actor, { email: "attacker@evil.example" }, reauthenticatedAt);
    expect(() => save(Date.now() - 11 * 60_000)).toThrow("This change needs your password again");
    expect(() => save(null)).toThrow("This change needs your password again");
    expect(countRows(t, "audit_log")).toBe(0);
    expect(save(Date.now() - 60_000).email).toBe("attacker@evil.example");
    expect(countRows(t, "audit_log")).toBe(1);
  });

  test("a wrong current password is a sign-in guess: five lock the username, and the sign-in is refused even with the right one", async () => {
    const password = "the right password 42";
    const owner = adminWithToken(t.db, "owner", await hashPassword(password));
    const actor = { id: owner.adminId, username: "owner", role: "owner" as const };
    const tokenHash = "not-this-sign-in";
    for (let i = 0; i < 5; i++) {
      await expect(
        changeOwnAdminPasswordByAdmin(t.deps, actor, tokenHash, { currentPassword: `guess ${i}`, newPassword: "a new password 4242" }),
      ).rejects.toThrow("Some fields need attention.");
    }
    await expect(signInAdmin(t.deps, "203.0.113.9", { username: "owner", password })).rejects.toThrow("Too many failed sign-ins");
    expect(countRows(t, "audit_log")).toBe(0);
  });

  test("a category that holds a product is not deleted: 409 with the count, and nothing more is audited", () => {
    const owner = adminWithToken(t.db, "owner");
    const actor = { id: owner.adminId, username: "owner" };
    const category = createCategoryByAdmin(t.deps, actor, { name: "Surveillance kits" });
    createProductByAdmin(t.deps, actor, { ...emptyProductForm, name: "Pocket recorder", price: "49.00", stockQuantity: "3", categoryId: String(category.id) });
    const audited = countRows(t, "audit_log");
    const remove = () => deleteCategoryByAdmin(t.deps, actor, category.id);
    expect(remove).toThrow(categoryHasProductsMessage(1));
    expect(countRows(t, "audit_log")).toBe(audited);
    expect(t.db.$client.query("SELECT count(*) AS n FROM categories WHERE id = ?").get(category.id)).toEqual({ n: 1 });
  });

  test("opening an enquiry marks it read once, audited once; deleting it is audited; an unknown one is the route's 404 and nothing is audited", () => {
    const owner = adminWithToken(t.db, "owner");
    const actor = { id: owner.adminId, username: "owner" };
    const enquiry = recordContactEnquiry(t.db, { name: "Ann", email: "ann@example.com", phone: "", service: "partner", message: "Hello.", urgency: "normal" });
    const opened = openEnquiryByAdmin(t.deps, actor, enquiry.id);
    expect(opened.readAt).not.toBeNull();
    expect(openEnquiryByAdmin(t.deps, actor, enquiry.id).readAt).toBe(opened.readAt);
    const actions = () => t.db.$client.query("SELECT action FROM audit_log ORDER BY id").all();
    expect(actions()).toEqual([{ action: "enquiry.read" }]);
    for (const unknown of [() => openEnquiryByAdmin(t.deps, actor, "nope"), () => deleteEnquiryByAdmin(t.deps, actor, "nope")]) {
      expect(unknown).toThrow("There is no such enquiry. It may have been deleted.");
    }
    expect(actions()).toEqual([{ action: "enquiry.read" }]);
    deleteEnquiryByAdmin(t.deps, actor, enquiry.id);
    expect(countRows(t, "contacts")).toBe(0);
    expect(actions()).toEqual([{ action: "enquiry.read" }, { action: "enquiry.delete" }]);
  });

  test("a reply to a review is audited once, the same reply again records nothing; an unknown review is the route's 404 for a reply and a delete", () => {
    const owner = adminWithToken(t.db, "owner");
    const actor = { id: owner.adminId, username: "owner" };
    const { approved } = reviewsToModerate(t.db);
    const reviewId = approved[0]?.id ?? 0;
    expect(replyToReviewByAdmin(t.deps, actor, reviewId, "Thank you.").reply).toBe("Thank you.");
    expect(replyToReviewByAdmin(t.deps, actor, reviewId, "Thank you.").reply).toBe("Thank you.");
    expect(countRows(t, "audit_log")).toBe(1);
    for (const unknown of [() => replyToReviewByAdmin(t.deps, actor, 999_999, "Hello."), () => deleteReviewByAdmin(t.deps, actor, 999_999)]) {
      expect(unknown).toThrow(HttpError);
      expect(unknown).toThrow("There is no such review. It may have been deleted.");
    }
    expect(countRows(t, "audit_log")).toBe(1);
    deleteReviewByAdmin(t.deps, actor, reviewId);
    expect(t.db.$client.query("SELECT count(*) AS n FROM reviews WHERE id = ?").get(reviewId)).toEqual({ n: 0 });
    expect(countRows(t, "audit_log")).toBe(2);
  });

  test("referral rewards: an unknown reward or customer is the route's 404, a referrer with nothing pending its 409, and nothing is audited", () => {
    const owner = adminWithToken(t.db, "owner");
    const actor = { id: owner.adminId, username: "owner" };
    const { userId } = customerWithSession(t.db, "rita@example.com", { firstName: "Rita" });
    const unknownReward = { status: 404, message: "There is no such referral reward." };
    expect(refusal(() => payReferralRewardByAdmin(t.deps, actor, "no-such-reward"))).toMatchObject(unknownReward);
    expect(refusal(() => voidReferralRewardByAdmin(t.deps, actor, "no-such-reward", "Duplicate booking"))).toMatchObject(unknownReward);
    expect(refusal(() => payAllReferralRewardsByAdmin(t.deps, actor, "no-such-customer"))).toMatchObject({
      status: 404,
      message: "There is no such customer.",
    });
    expect(refusal(() => payAllReferralRewardsByAdmin(t.deps, actor, userId))).toMatchObject({
      status: 409,
      code: "nothing_pending",
      message: "This customer has no pending rewards to pay.",
    });
    expect(countRows(t, "audit_log")).toBe(0);
  });
});
