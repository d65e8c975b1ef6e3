/**
 * The password again before a sensitive change (decision 027), in Chromium against the binary: an
 * owner signed in 20 minutes ago adds an admin, the portal asks for the password in a dialog (a
 * wrong one is refused under its field), then adds them without a second click; for the next 10
 * minutes removing them asks nothing. With two-factor sign-in on, the dialog asks for the code too.
 * A refund asks over the order's own dialog. A change of the bank account cancelled at the dialog
 * is not saved and says why. The dialog at 360 px. Admins and settings change here: a site of its
 * own.
 */
import { decodeBase32 } from "@oslojs/encoding";
import { generateHOTP, generateTOTP } from "@oslojs/otp";
import type { Page } from "@playwright/test";
import { cli } from "../binary-cli";
import { addAdminCookies, expect, ownSiteTest, seed, type SiteServer } from "../fixtures";
import { islandsHydrated } from "../helpers";

const test = ownSiteTest();

// The refused change answers 403 and the wrong password 400: Chromium reports each.
test.use({ allowConsoleErrors: [/status of 40[03]/] });

const password = "the owner's long passphrase";
const toastItem = (page: Page) => page.getByTestId("toast");
const card = (page: Page, username: string) => page.getByTestId("admin-card").filter({ has: page.getByRole("heading", { name: username, exact: true }) });

/** An owner with `password`, whose browser signed in 20 minutes ago. */
async function ownerSignedInEarlier(page: Page, site: SiteServer, username: string) {
  const created = cli(site.dataDir, ["admin", "create", username, "--password-stdin"], {}, `${password}\n`);
  expect(created.code, created.stderr).toBe(0);
  const { token } = seed(site, "adminTokenFor", username, 20);
  await addAdminCookies(page.context(), site, token);
}

/** Opens /admin/admins and submits a new admin; answers their username and the re-auth dialog. */
async function addAdmin(page: Page) {
  await page.goto("/admin/admins");
  await islandsHydrated(page);
  const helper = `helper-${Date.now()}`;
  await page.getByLabel("Username").fill(helper);
  await page.getByLabel("Password", { exact: true }).fill("the helper's own passphrase");
  await page.getByRole("button", { name: "Add admin" }).click();
  return { helper, dialog: page.getByRole("dialog", { name: "Confirm it is you" }) };
}

test("adding an admin asks for the password again, then adds them; removing them next asks nothing", async ({ page, ownSite }) => {
  test.slow(); // argon2 hashes: the owner, two checks, the new admin
  const owner = `reauth-owner-${Date.now()}`;
  await ownerSignedInEarlier(page, ownSite, owner);
  await page.setViewportSize({ width: 360, height: 740 });
  const { helper, dialog } = await addAdmin(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("This change needs your password again.")).toBeVisible();
  await expect(dialog.getByLabel("Password")).toBeFocused();
  const box = await dialog.locator(".modal-box").boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);

  await dialog.getByLabel("Password").fill("not my password");
  await dialog.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(dialog.getByText("That password is not right.")).toBeVisible();
  await expect(dialog.getByLabel("Password")).toBeFocused();
  await expect(card(page, helper)).toHaveCount(0);

  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toastItem(page).filter({ hasText: "Admin added" })).toBeVisible();
  await expect(card(page, helper)).toHaveCount(1);

  // Within 10 minutes of the check, removing asks for no password.
  await card(page, helper)
    .getByRole("button", { name: `Remove ${helper}` })
    .click();
  await page
    .getByRole("alertdialog", { name: `Remove ${helper}?` })
    .getByRole("button", { name: "Remove" })
    .click();
  await expect(toastItem(page).filter({ hasText: "Admin removed" })).toBeVisible();
  await expect(card(page, helper)).toHaveCount(0);
  await expect(page.getByRole("dialog", { name: "Confirm it is you" })).toHaveCount(0);
});

test("a bank account change cancelled at the password dialog is not saved, and says why", async ({ page, ownSite }) => {
  const owner = `reauth-bank-${Date.now()}`;
  await ownerSignedInEarlier(page, ownSite, owner);
  await page.goto("/admin/settings");
  await islandsHydrated(page);
  const bsb = page.getByLabel("BSB", { exact: true });
  const before = await bsb.inputValue();
  await bsb.fill("999-999");
  await page.getByRole("button", { name: "Save settings" }).click();

  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toastItem(page)).toContainText("needs your password again");

  await page.goto("/admin/settings");
  await islandsHydrated(page);
  await expect(page.getByLabel("BSB", { exact: true })).toHaveValue(before);
});

test("with two-factor sign-in on, the dialog asks for the code as well", async ({ page, ownSite }) => {
  test.slow(); // argon2 hashes
  const owner = `reauth-totp-${Date.now()}`;
  await ownerSignedInEarlier(page, ownSite, owner);
  // Two-factor sign-in turned on through the API with a fresh sign-in.
  const fresh = seed(ownSite, "adminTokenFor", owner, 0);
  const api = (path: string, body: object = {}) =>
    fetch(`${ownSite.url}/api/admin${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: fresh.authorization, Origin: ownSite.url },
      body: JSON.stringify(body),
    });
  const { secret } = (await (await api("/totp/setup")).json()) as { secret: string };
  const key = decodeBase32(secret);
  expect((await api("/totp/confirm", { code: generateTOTP(key, 30, 6) })).status).toBe(200);

  const { helper, dialog } = await addAdmin(page);
  await expect(dialog.getByText("a code from your authenticator app")).toBeVisible();
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(dialog.getByText("Enter the 6-digit code from your authenticator app")).toBeVisible();
  // The confirming code's step is used up: the next step's code (one step of drift is accepted).
  await dialog.getByLabel("Authentication or recovery code").fill(generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + 1), 6));
  await dialog.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toastItem(page).filter({ hasText: "Admin added" })).toBeVisible();
  await expect(card(page, helper)).toHaveCount(1);
});

test("a refund from the order's dialog asks for the password over it, then refunds", async ({ page, ownSite }) => {
  const owner = `reauth-refund-${Date.now()}`;
  await ownerSignedInEarlier(page, ownSite, owner);
  const orderNumber = seed(ownSite, "placedOrders", `refund-${Date.now()}@example.com`, {})[0]?.orderNumber ?? "";
  const fresh = seed(ownSite, "adminTokenFor", owner, 0);
  const paid = await fetch(`${ownSite.url}/api/admin/orders/${orderNumber}/mark-paid`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: fresh.authorization, Origin: ownSite.url },
    body: "{}",
  });
  expect(paid.status).toBe(200);

  await page.goto(`/admin/orders/${orderNumber}`);
  await islandsHydrated(page);
  const order = page.getByRole("dialog", { name: `Order ${orderNumber}` });
  await order.getByRole("button", { name: "Refund" }).click();
  await order.getByRole("button", { name: "Yes, refund" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
  await expect(dialog.getByLabel("Password")).toBeFocused();
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toastItem(page)).toContainText("Order updated");
  await expect(order).toContainText("Refunded");
});
