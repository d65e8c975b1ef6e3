/**
 * Every room's shell, one row each: what every shell promises (`expectAdminShell`), the props its
 * island gets from the URL, and that nothing of the room's data is in it (the shell arrives without
 * the admin's cookie; the data comes from the API).
 */
import { expect, test } from "bun:test";
import { recordAudit } from "../../db/audit.server";
import { ensureReferralCode } from "../../db/referrals.server";
import { contacts } from "../../db/schema";
import { enqueueMail } from "../../mail/outbox.server";
import { adminWithToken, customerWithSession, reviewsToModerate } from "../../../tests/factories";
import { expectAdminShell } from "../../../tests/helpers/admin-shell";
import { testAppPerTest } from "../../../tests/helpers/per-test";
import type { TestApp } from "../../../tests/helpers/test-app";

const t = testAppPerTest();

type Shell = {
  /** The shell's address, with the filters its island should receive. */
  path: string;
  title: string;
  island: string;
  /** Puts the room's private data in the database and answers the texts of it the shell must not show. */
  hidden?: (t: TestApp) => string[];
  /** What the shell's HTML holds: the island's props and the links around it. */
  shows: string[];
  /** Other addresses of the room and what the island is given there (a malformed filter falls back). */
  alsoReads?: [path: string, shows: string][];
};

const withAnn = (t: TestApp) => {
  customerWithSession(t.db, "ann@example.com");
  return ["ann@example.com"];
};

const shells: Shell[] = [
  { path: "/admin/account", title: "Your account", island: "AdminAccount", shows: ['href="/admin/dashboard"'] },
  { path: "/admin/admins", title: "Admins", island: "AdminAdmins", shows: ['href="/admin/dashboard"'] },
  {
    path: "/admin/analytics?range=90d",
    title: "Analytics",
    island: "AdminAnalytics",
    shows: ['"initialRange":"90d"', '<a href="/admin/analytics?range=90d" aria-current="page"'],
    // An unknown range on the page falls back to 30 days (the API answers 400 for it instead).
    alsoReads: [["/admin/analytics?range=5y", '"initialRange":"30d"']],
  },
  {
    path: "/admin/audit?admin=7&kind=orders&page=2",
    title: "Audit log",
    island: "AdminAudit",
    hidden: (t) => {
      const { adminId } = adminWithToken(t.db, "owner");
      recordAudit(t.db, { id: adminId, username: "owner" }, { kind: "products", action: "product.pricing", summary: "Changed the price of Secret Cam" });
      return ["Secret Cam"];
    },
    shows: ['"initialQuery":{"admin":7,"kind":"orders","page":2}', "Australia/Adelaide"],
    alsoReads: [["/admin/audit?admin=x&kind=nope&page=-1", '"initialQuery":{"admin":null,"kind":null,"page":1}']],
  },
  {
    path: "/admin/bookings?status=confirmed&from=2026-02-30&to=2026-12-01&when=past&page=2",
    title: "Bookings",
    island: "AdminBookings",
    hidden: withAnn,
    shows: ['"initialQuery":{"status":"confirmed","from":"","to":"2026-12-01","when":"past","search":"","page":2}', "Australia/Adelaide"],
  },
  {
    path: "/admin/categories",
    title: "Categories",
    island: "AdminCategories",
    hidden: () => ["Surveillance Cameras"],
    shows: ['href="/admin/dashboard"'],
  },
  {
    path: "/admin/contacts?status=handled&urgency=panic&search=%20ann%20&page=2",
    title: "Enquiries",
    island: "AdminContacts",
    hidden: (t) => {
      t.db.insert(contacts).values({ name: "Secret Sender", email: "secret@example.com", service: "other", message: "private words" }).run();
      return ["secret@example.com", "private words"];
    },
    shows: ['"initialQuery":{"status":"handled","urgency":null,"search":"ann","page":2}'],
  },
  {
    path: "/admin/content",
    title: "Content and Pricing",
    island: "AdminContent",
    hidden: () => ["Partner Check"],
    shows: ['"timeZone":"Australia/Adelaide"', "Back to Dashboard"],
  },
  {
    path: "/admin/mail?status=failed&page=2",
    title: "Mail",
    island: "AdminMail",
    hidden: (t) => {
      enqueueMail(t.db, { to: "ann@example.com", subject: "Your booking", text: "private" });
      return ["ann@example.com", "Your booking"];
    },
    shows: ['"initialQuery":{"status":"failed","page":2}'],
    alsoReads: [["/admin/mail?status=bounced&page=x", '"initialQuery":{"status":null,"page":1}']],
  },
  {
    path: "/admin/orders?status=shipped&payment=bogus&search=%20ann%20&page=3",
    title: "Orders",
    island: "AdminOrders",
    hidden: withAnn,
    shows: ['"initialQuery":{"status":"shipped","payment":null,"search":"ann","page":3}', "Australia/Adelaide"],
  },
  {
    path: "/admin/payments?status=requested&method=cheque",
    title: "Payments",
    island: "AdminPayments",
    shows: ['"initialQuery":{"status":"requested","method":null,"page":1}'],
  },
  {
    path: "/admin/referrals?status=void&search=%20ann%20&page=2",
    title: "Referrals",
    island: "AdminReferrals",
    hidden: (t) => {
      const { userId } = customerWithSession(t.db, "ann@example.com");
      const code = ensureReferralCode(t.db, userId);
      customerWithSession(t.db, "friend@example.com", { referralCode: code });
      return ["ann@example.com", code];
    },
    shows: ['"initialQuery":{"status":"void","search":"ann","page":2}'],
    alsoReads: [["/admin/referrals?status=lost&page=0", '"initialQuery":{"status":null,"search":"","page":1}']],
  },
  {
    path: "/admin/reviews?status=pending&rating=9&product=3&search=%20hiss%20&page=2",
    title: "Reviews",
    island: "AdminReviews",
    hidden: (t) => {
      reviewsToModerate(t.db, "shell");
      return ["Battery runs out quickly", "shell-dee@example.com"];
    },
    shows: ['"initialQuery":{"status":"pending","rating":null,"product":3,"search":"hiss","page":2}'],
  },
  {
    path: "/admin/settings",
    title: "Settings",
    island: "AdminSettings",
    hidden: (t) => {
      t.db.$client.query("INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES ('bankAccountNumber', '\"987654321\"', 0)").run();
      return ["987654321"];
    },
    shows: ['href="/admin/dashboard"'],
  },
  {
    path: "/admin/users",
    title: "Users",
    island: "AdminUsers",
    hidden: withAnn,
    shows: ["Australia/Adelaide", 'href="/admin/dashboard"'],
    alsoReads: [
      ["/admin/users?search=%20ann%20%20lee%20&page=2", '"initialQuery":{"search":"ann lee","page":2}'],
      ["/admin/users?page=0", '"initialQuery":{"search":"","page":1}'],
    ],
  },
];

for (const shell of shells) {
  test(`${shell.path} is an admin shell with the ${shell.island} island, given what its URL asks for and none of the room's data`, async () => {
    const hidden = shell.hidden?.(t) ?? [];
    const html = await expectAdminShell(t, shell.path, { title: shell.title, island: shell.island });
    for (const text of shell.shows) expect(html).toContain(text);
    for (const text of hidden) expect(html).not.toContain(text);
    for (const [path, shows] of shell.alsoReads ?? []) expect(await (await t.request(path)).text()).toContain(shows);
    expect(t.deps.pageCache.size).toBe(0);
  });
}
