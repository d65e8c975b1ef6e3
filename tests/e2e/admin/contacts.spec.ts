/**
 * /admin/contacts and /admin/payments in Chromium against the binary: an emergency enquiry sent
 * from /contact comes first in the inbox with its badge; opening it marks it read; it is marked
 * handled; another is deleted after its confirmation; a payment request is marked paid and the
 * dashboard's revenue grows by its amount; the changes are in the audit log; both pages at 360 px;
 * Export CSV downloads the enquiries and the orders.
 * Every rule and refusal is proven by src/api/admin/contacts.test.ts and payments.test.ts. The
 * revenue figure must start from nothing, so this runs on a site of its own.
 */
import type { Page } from "@playwright/test";
import { expect, ownSiteTest } from "../fixtures";
import { fillContactForm, hydrateContactForm, islandsHydrated, validEnquiry } from "../helpers";

const test = ownSiteTest();

test.describe.configure({ mode: "serial" });

const toastItem = (page: Page) => page.getByTestId("toast");

async function sendEnquiry(page: Page, values: Partial<typeof validEnquiry>) {
  await page.goto("/contact");
  await hydrateContactForm(page);
  await fillContactForm(page, { ...validEnquiry, ...values });
  await page.getByRole("button", { name: "Send Secure Message" }).click();
  await expect(toastItem(page)).toContainText("Message Sent Successfully");
}

const stamp = Date.now();
const urgent = { name: `Urgent Client ${stamp}`, email: `urgent-${stamp}@example.com`, urgency: "emergency", message: "Someone is following me right now." };
const routine = { name: `Routine Client ${stamp}`, email: `routine-${stamp}@example.com`, urgency: "low", message: "Just asking about prices." };

test("an emergency enquiry comes first with its badge; opening it reads it; it is marked handled; another is deleted", async ({ page, signInAdmin }) => {
  test.setTimeout(90_000);
  await sendEnquiry(page, urgent);
  await sendEnquiry(page, routine);
  const username = `inbox${stamp}`;
  await signInAdmin(username);

  // The dashboard's to-do list says they are waiting, the emergency named first, and leads to the inbox.
  await page.goto("/admin/dashboard");
  const waiting = page.getByRole("region", { name: "Enquiries waiting" });
  await expect(waiting.getByTestId("todo-count")).toHaveText("2 items");
  await expect(waiting.getByText("1 emergency", { exact: true })).toBeVisible();
  await expect(waiting.getByTestId("todo-item").first()).toContainText(urgent.name);
  await waiting.getByRole("link", { name: "All waiting enquiries" }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { name: "Enquiries", level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /enquir/ })).toHaveText("2 enquiries");
  const rows = page.getByTestId("contact-row");
  await expect(rows).toHaveCount(2);
  // The emergency comes first although it was sent first (older), in bold, with its red badge.
  await expect(rows.first()).toContainText(urgent.name);
  await expect(rows.first()).toHaveClass(/font-bold/);
  await expect(rows.first().getByText("Emergency", { exact: true })).toHaveClass(/badge-error/);
  await expect(rows.first().getByText("New", { exact: true })).toBeVisible();

  // Open it: read, the whole message, the reply link with its subject.
  const trigger = page.getByRole("button", { name: `Enquiry from ${urgent.name}` });
  await trigger.click();
  const dialog = page.getByRole("dialog", { name: `Enquiry from ${urgent.name}` });
  await expect(dialog.getByTestId("contact-message")).toHaveText(urgent.message);
  await expect(dialog.getByRole("link", { name: "Reply" })).toHaveAttribute(
    "href",
    `mailto:${urgent.email}?subject=${encodeURIComponent("Re: your enquiry about Partner Check")}`,
  );
  await expect(rows.first()).not.toHaveClass(/font-bold/);
  await expect(rows.first().getByText("New", { exact: true })).toHaveCount(0);

  await dialog.getByRole("button", { name: "Mark handled" }).click();
  await expect(toastItem(page)).toContainText("Enquiry marked handled");
  await expect(dialog.getByRole("button", { name: "Reopen" })).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(trigger).toBeHidden();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole("status").filter({ hasText: /enquir/ })).toHaveText("1 enquiry");

  // The handled one is under Handled, in the URL too.
  await page.getByLabel("Show").selectOption("handled");
  await expect(page).toHaveURL(/status=handled/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(urgent.name);
  await expect(rows.first().getByText("Handled", { exact: true })).toBeVisible();

  // Delete the other one, after its confirmation (Cancel is focused, so Enter alone deletes nothing).
  await page.getByLabel("Show").selectOption("unhandled");
  await page.getByRole("button", { name: `Enquiry from ${routine.name}` }).click();
  await page
    .getByRole("dialog", { name: `Enquiry from ${routine.name}` })
    .getByRole("button", { name: "Delete" })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this enquiry?" });
  await expect(confirm).toContainText(routine.email);
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toastItem(page).filter({ hasText: "Enquiry deleted" })).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("No enquiries waiting. All handled.")).toBeVisible();

  await page.goto("/admin/audit?kind=enquiries");
  await islandsHydrated(page);
  const entries = page.getByTestId("audit-row");
  await expect(entries.filter({ hasText: `Marked the enquiry from ${urgent.name} handled.` })).toContainText(username);
  await expect(entries.filter({ hasText: `Deleted the enquiry from ${routine.name}` })).toHaveCount(1);
  await expect(entries.filter({ hasText: `Read the enquiry from ${urgent.name}.` })).toHaveCount(1);
});

test("a payment request marked paid counts in the dashboard's revenue and is in the audit log", async ({ page, ownSite, signInAdmin }) => {
  const email = `payer-${stamp}@example.com`;
  const requested = await page.request.post("/api/payment-requests", {
    data: { serviceId: "partner", method: "instructions", email },
    headers: { Origin: ownSite.url },
  });
  expect(requested.status()).toBe(201);
  const username = `payments${stamp}`;
  await signInAdmin(username);

  await page.goto("/admin/dashboard");
  await islandsHydrated(page);
  const revenue = page.locator("section").filter({ has: page.getByRole("heading", { name: "Total Revenue" }) });
  await expect(revenue).toContainText("$0");

  await page.goto("/admin/payments?status=requested");
  await islandsHydrated(page);
  const row = page.getByTestId("payment-row").filter({ hasText: email });
  await expect(row).toContainText("Requested");
  const reference = (await row.getByRole("rowheader").textContent())?.trim() ?? "";
  expect(reference).toMatch(/^PAY-/);
  const amount = (await row.getByRole("cell").nth(1).textContent())?.replace(" USD", "").trim() ?? "";
  // Marking money received is asked once more; Cancel keeps it a request and puts the focus back.
  const markButton = row.getByRole("button", { name: `Mark paid: ${reference}` });
  await markButton.click();
  const confirm = page.getByRole("alertdialog", { name: `Mark ${reference} paid?` });
  await expect(confirm).toContainText("only once the money is in the business's account");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(markButton).toBeFocused();
  await expect(row).toContainText("Requested");
  await markButton.click();
  await confirm.getByRole("button", { name: "Yes, the money has arrived" }).click();
  await expect(toastItem(page)).toContainText("Payment marked paid");
  await expect(page.getByRole("heading", { name: "Payments", level: 1 })).toBeFocused();
  await expect(row).toBeHidden(); // no longer a request awaiting payment
  await page.getByLabel("Status").selectOption("completed");
  await expect(page.getByTestId("payment-row").filter({ hasText: email })).toContainText(new RegExp(`Marked paid .+ by ${username}`));
  // Nothing left to mark; its tax invoice opens in a tab of its own instead.
  const paidRow = page.getByTestId("payment-row").filter({ hasText: email });
  await expect(paidRow.getByRole("button", { name: /Mark paid/ })).toHaveCount(0);
  await expect(paidRow.getByRole("link", { name: /^Invoice INV-\d{6}/ })).toBeVisible();

  await page.goto("/admin/dashboard");
  await islandsHydrated(page);
  await expect(revenue.locator("p").first()).toHaveText(amount);

  await page.goto("/admin/audit?kind=payments");
  await islandsHydrated(page);
  await expect(page.getByTestId("audit-row").filter({ hasText: `Marked payment request ${reference}` })).toContainText(username);
});

test("at 360 px the inbox and the payments are cards that fit", async ({ page, signInAdmin }) => {
  await sendEnquiry(page, { name: `Narrow ${stamp}`, email: `narrow-${stamp}@example.com`, urgency: "high" });
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAdmin();
  await page.goto("/admin/contacts");
  await islandsHydrated(page);
  const card = page.getByTestId("contact-card").filter({ hasText: `Narrow ${stamp}` });
  await expect(card).toBeVisible();
  await expect(card.getByText("High", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await card.getByRole("button", { name: `Enquiry from Narrow ${stamp}` }).click();
  const reply = page.getByRole("dialog").getByRole("link", { name: "Reply" });
  await reply.scrollIntoViewIfNeeded();
  await expect(reply).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto("/admin/payments");
  await islandsHydrated(page);
  await expect(page.getByTestId("payment-card").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("Export CSV downloads the enquiries of the current filters, and the orders", async ({ page, signInAdmin }) => {
  await signInAdmin();
  await page.goto("/admin/contacts?status=all");
  await islandsHydrated(page);
  await expect(page.getByTestId("contact-row").first()).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV", exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(text.startsWith("\uFEFF")).toBe(true); // the byte-order mark Excel needs for UTF-8
  const lines = text.slice(1).split("\r\n");
  expect(lines[0]).toBe("Received,Name,E-mail,Phone,Service,Urgency,Read,Handled,Message");
  expect(text).toContain(`${urgent.name},${urgent.email}`);
  expect(text).not.toContain(routine.email); // deleted

  await page.goto("/admin/orders");
  await islandsHydrated(page);
  const [orders] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV", exact: true }).click()]);
  expect(orders.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const orderText = await (await orders.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"));
  expect(orderText.split("\r\n")[0]).toBe(
    "\uFEFFOrder number,Placed,Customer,E-mail,Phone,Items,Item count,Ship to,Shipping address,Subtotal,Discount,Shipping,GST,Total,Currency,Status,Payment,Payment method,Carrier,Tracking number",
  );
});
