/**
 * The owner's actions: the portal's write handlers only parse, call an action and answer, so what a
 * change mails, which money it moves and what it refuses is decided in `src/actions/` alone, and an
 * action works the same without HTTP.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { adminWithToken, reviewsToModerate } from "../../tests/factories";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { countRows } from "../../tests/helpers/test-app";
import { updateSetting } from "../db/settings.server";
import { hashPassword } from "../server/auth/crypto.server";
import { HttpError } from "../server/errors";
import { changeOwnAdminPasswordByAdmin } from "./change-own-admin-password.server";
import { createCategoryByAdmin } from "./create-category.server";
import { createProductByAdmin } from "./create-product.server";
import { deleteCategoryByAdmin } from "./delete-category.server";
import { signInAdmin } from "./sign-in-admin.server";
import { categoryHasProductsMessage } from "../shared/admin-categories";
import { emptyProductForm } from "../shared/admin-product-editor";
import { rejectReviewByAdmin } from "./reject-review.server";
import { saveSettingsByAdmin } from "./save-settings.server";

const t = testAppPerTest({ BUSINESS_EMAIL: "owner@example.com" });

const root = join(import.meta.dir, "../..");
/** The portal's API modules whose writes mail someone, move money or change what a customer holds. */
const writeHandlers = ["orders", "payments", "reviews", "contacts", "users", "bookings", "settings", "mail", "notes"];
/** The portal's API modules whose writes change the shop, the public pages or who may sign in. */
const catalogueAndAccountHandlers = ["products", "categories", "content", "pricing", "uploads", "admins", "totp", "auth"];

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
        if (/\/(mail|payments)\//.test(path) || path.endsWith("checkout.server")) offences.push(`${name}.ts imports ${path}`);
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
});
