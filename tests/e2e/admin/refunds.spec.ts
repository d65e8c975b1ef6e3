/**
 * Refunds in Chromium against the binary (decision 084), at 1280 and 360 px, axe clean: the owner
 * refunds a booking's payment made by bank transfer from the payments list (asked once more), the
 * toast says it is owed and on the to-do list, the dashboard's "Refunds to send" names it with a
 * "Mark sent" form, and the customer's mail through a real SMTP server says "on its way" first and
 * "we have sent your refund" only once it is marked sent. The rules are proven by
 * src/api/admin/refunds.test.ts; this looks at the screens.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../mail-fixtures";
import { cli } from "../binary-cli";
import { addAdminCookies, seed } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";

// axe is injected as a script, which the site's Content-Security-Policy would refuse.
test.use({ bypassCSP: true });

const shot = async (page: Page, name: string) => {
  const shots = process.env.SHOTS_DIR;
  if (shots) await page.screenshot({ path: `${shots}/R-${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
};
const toastItem = (page: Page) => page.getByTestId("toast");

for (const width of [1280, 360]) {
  test(`at ${width} px: a bank-transfer booking payment refunded is owed, on the to-do list, then marked sent`, async ({
    page,
    request,
    site,
    signInAdmin,
    mailbox,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 900 });
    const email = `refund${width}@example.com`;
    const ann = seed(site, "customerWithBooking", email, { time: "free" });
    const asked = await request.post(`${site.url}/api/payment-requests`, {
      headers: { Cookie: ann.cookie, Origin: site.url },
      data: { bookingId: ann.bookingId, method: "instructions" },
    });
    expect(asked.status()).toBe(201);
    const reference = ((await asked.json()) as { referenceCode: string }).referenceCode;

    await signInAdmin();
    await page.goto("/admin/payments");
    await islandsHydrated(page);
    const entry = page
      .getByTestId("payments-list")
      .getByTestId(width === 360 ? "payment-card" : "payment-row")
      .filter({ hasText: reference })
      .filter({ visible: true });
    await entry.getByRole("button", { name: `Mark paid: ${reference}` }).click();
    await page.getByRole("button", { name: "Yes, the money has arrived" }).click();
    await expect(entry).toContainText("Paid");

    await entry.getByRole("button", { name: `Refund: ${reference}` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Refund ${reference}?` });
    await expect(dialog).toContainText("it goes on your to-do list until you mark it sent");
    await shot(page, "refund-confirm");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Yes, refund" }).click();
    await expect(toastItem(page).first()).toContainText(/Refund of \$[\d,]+\.\d\d recorded as owed: it is on your to-do list/);
    await expect(entry).toContainText("Refund owed");
    await expect(entry.getByRole("button", { name: `Refund: ${reference}` })).toHaveCount(0);
    if (width === 360) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, "payments");
    expect(await axeViolations(page)).toEqual([]);
    await expect.poll(() => mailbox.to(email).filter((m) => m.text.includes("is on its way")).length).toBe(1);
    expect(mailbox.to(email).some((m) => /We have (refunded|sent your refund)/.test(m.text))).toBe(false);

    await page.goto("/admin/dashboard");
    await islandsHydrated(page);
    const group = page.getByTestId("todo-group").filter({ has: page.getByRole("heading", { name: "Refunds to send" }) });
    const item = group.getByTestId("todo-item").filter({ hasText: reference });
    await expect(item).toContainText("no bank details kept");
    const form = item.getByRole("form", { name: /Mark the refund to .* sent/ });
    await expect(form.getByLabel("Sent on")).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
    if (width === 360) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, "todo");
    if (process.env.SHOTS_DIR) await group.screenshot({ path: `${process.env.SHOTS_DIR}/R-todo-group-${width}.png` });
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "Mark sent" }).click();
    await expect(toastItem(page).first()).toContainText("Refund marked sent");
    await expect(item).toHaveCount(0);
    await expect.poll(() => mailbox.to(email).filter((m) => m.text.includes("We have sent your refund of")).length).toBe(1);
  });
}

for (const width of [1280, 360]) {
  test(`at ${width} px: a bank-transfer order refunded reads "Refund on its way" until sent, and is on the to-do list`, async ({
    page,
    site,
    signIn,
    signInAdmin,
    mailbox,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = `order-refund${width}@example.com`;
    const { userId } = await signIn(email);
    const { orderNumber } = seed(site, "orderFor", userId);
    await signInAdmin();
    await page.goto(`/admin/orders/${orderNumber.toLowerCase()}`);
    await islandsHydrated(page);
    const dialog = page.getByRole("dialog", { name: new RegExp(`^Order ${orderNumber}`) });
    await dialog.getByRole("button", { name: "Mark paid" }).click();
    await dialog.getByRole("button", { name: "Yes, the money has arrived" }).click();
    await expect(toastItem(page).first()).toContainText("Order updated");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await expect(dialog).toContainText("it waits on your to-do list until you mark it sent");
    await dialog.getByRole("button", { name: "Yes, refund" }).click();
    await expect(dialog.getByTestId("order-badges").first()).toHaveText(/Refunded\s*Refund on its way/);
    await expect(dialog).toContainText("Its refund is owed: send it, then mark it sent on the dashboard's to-do list.");
    await shot(page, "order-owed");
    expect(await axeViolations(page)).toEqual([]);
    await expect.poll(() => mailbox.to(email).filter((m) => m.text.includes(`Your refund of`) && m.text.includes("is on its way")).length).toBe(1);
    expect(mailbox.to(email).some((m) => /We have refunded/.test(m.text))).toBe(false);

    await page.goto("/admin/dashboard");
    await islandsHydrated(page);
    await expect(page.getByTestId("todo-item").filter({ hasText: `order ${orderNumber}` })).toContainText("Bank transfer");

    // The customer's own page says the same: on its way, not refunded.
    await page.goto(`/orders/${orderNumber.toLowerCase()}`);
    await expect(page.getByTestId("payment-status")).toHaveText("Refund on its way · Bank transfer");
    await expect(page.getByText(/Your refund of \$[\d,.]+ paid by bank transfer is on its way/)).toBeVisible();
    await expect(page.getByText(/We refunded/)).toHaveCount(0);
    if (width === 360) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, "customer-order");
    expect(await axeViolations(page)).toEqual([]);
  });
}

test.describe("an owner who signed in 20 minutes ago", () => {
  // The refused first try answers 403, which Chromium reports.
  test.use({ allowConsoleErrors: [/status of 403/] });

  test("is asked for the password again before a booking payment is refunded, then it goes through without a second click", async ({ page, request, site }) => {
    test.slow(); // argon2 hashes: the owner and the check
    const password = "the owner's long passphrase";
    const owner = `refund-owner-${Date.now()}`;
    const created = cli(site.dataDir, ["admin", "create", owner, "--password-stdin"], {}, `${password}\n`);
    expect(created.code, created.stderr).toBe(0);
    const { token } = seed(site, "adminTokenFor", owner, 20);
    await addAdminCookies(page.context(), site, token);

    const email = `reauth-refund-${Date.now()}@example.com`;
    const ann = seed(site, "customerWithBooking", email, { time: "free" });
    const asked = await request.post(`${site.url}/api/payment-requests`, {
      headers: { Cookie: ann.cookie, Origin: site.url },
      data: { bookingId: ann.bookingId, method: "cash" },
    });
    const reference = ((await asked.json()) as { referenceCode: string }).referenceCode;
    await page.goto("/admin/payments");
    await islandsHydrated(page);
    const entry = page.getByTestId("payment-row").filter({ hasText: reference });
    await entry.getByRole("button", { name: `Mark paid: ${reference}` }).click();
    await page.getByRole("button", { name: "Yes, the money has arrived" }).click();
    await entry.getByRole("button", { name: `Refund: ${reference}` }).click();
    await page
      .getByRole("alertdialog", { name: `Refund ${reference}?` })
      .getByRole("button", { name: "Yes, refund" })
      .click();
    const reauth = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(reauth).toBeVisible();
    await reauth.getByLabel("Password").fill(password);
    await reauth.getByRole("button", { name: "Confirm and continue" }).click();
    await expect(toastItem(page).first()).toContainText(/Refund of \$[\d,]+\.\d\d recorded as owed: it is on your to-do list/);
    await expect(entry).toContainText("Refund owed");
  });
});
