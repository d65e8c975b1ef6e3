/**
 * Records with addresses, in Chromium against the binary: the business's e-mail about an enquiry
 * links to the enquiry's page; that address opens it over the inbox with the filters of its query
 * string, and closing it returns to the inbox's address with them; opening one from the list puts
 * its address in the bar, Back closes it and Forward opens it again; a user's address opens their
 * details; an order number that does not exist says so with a way back to the list; a malformed
 * one is the 404 page; without a sign-in a record's address goes to the sign-in page and back. The
 * shells and their 404s are proven by src/pages/admin/records.test.ts.
 */
import type { Page } from "@playwright/test";
import { seed } from "../fixtures";
import { axeViolations, fillContactForm, hydrateContactForm, islandsHydrated, validEnquiry } from "../helpers";
import { expect, test } from "../mail-fixtures";

// A record that does not exist answers 404, and so does a malformed address; without a sign-in, 401.
test.use({ allowConsoleErrors: [/status of 40[14]/] });

const stamp = Date.now();
const client = { name: `Record Client ${stamp}`, email: `record-${stamp}@example.com`, urgency: "emergency", message: `Please call me back (${stamp}).` };
const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

async function sendEnquiry(page: Page) {
  await page.goto("/contact");
  await hydrateContactForm(page);
  await fillContactForm(page, { ...validEnquiry, ...client });
  await page.getByRole("button", { name: "Send Secure Message" }).click();
  await expect(page.getByTestId("toast")).toContainText("Message Sent Successfully");
}

test("an enquiry's e-mail links to its address; the address opens it over the inbox and closing keeps the filters; Back and Forward close and reopen it", async ({
  page,
  site,
  mailbox,
  signInAdmin,
}, testInfo) => {
  test.setTimeout(90_000);
  await sendEnquiry(page);
  await expect.poll(() => mailbox.to("owner@example.com").some((m) => m.text.includes(client.message))).toBe(true);
  const mail = mailbox.to("owner@example.com").find((m) => m.text.includes(client.message));
  const link = mail?.text.match(/See it in the admin portal: (\S+)/)?.[1] ?? "";
  expect(link).toMatch(new RegExp(`^${site.url}/admin/contacts/${uuid}$`));
  const recordPath = new URL(link).pathname;

  // The e-mail's address, with the inbox's filters in its query: the enquiry opens over the inbox.
  await signInAdmin();
  const filters = `?urgency=emergency&search=${stamp}`;
  await page.goto(`${link}${filters}`);
  await islandsHydrated(page);
  await expect(page).toHaveTitle(/^Enquiry \| Admin \|/);
  const dialog = page.getByRole("dialog", { name: `Enquiry from ${client.name}` });
  await expect(dialog.getByTestId("contact-message")).toHaveText(client.message);
  await expect(page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Enquiries" })).toHaveAttribute("aria-current", "page");
  // The list behind it is the filtered inbox, and the address stays the enquiry's.
  await expect(page.getByRole("status").filter({ hasText: /enquir/ })).toHaveText(`1 enquiry matching "${stamp}"`);
  await expect(page).toHaveURL(`${recordPath}${filters}`);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: testInfo.outputPath("enquiry-record-360.png") });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Closing it returns to the inbox's address with its filters, in the address and in the form.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/admin/contacts${filters}`);
  await expect(page.getByRole("heading", { name: "Enquiries", level: 1 })).toBeFocused();
  await expect(page.getByLabel("Urgency")).toHaveValue("emergency");
  await expect(page.getByLabel("Search by name, e-mail or message")).toHaveValue(String(stamp));

  // Opened from the list, its address is pushed; Back closes it, Forward opens it again.
  const trigger = page.getByRole("button", { name: `Enquiry from ${client.name}` });
  await trigger.click();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(`${recordPath}${filters}`);
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/admin/contacts${filters}`);
  await page.goForward();
  await expect(dialog.getByTestId("contact-message")).toHaveText(client.message);
  await expect(page).toHaveURL(`${recordPath}${filters}`);
  // Escape closes it back to the list's own history entry; reopened by Forward it had no button
  // to return to, so the focus goes to the page's heading.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/admin/contacts${filters}`);
  await expect(page.getByRole("heading", { name: "Enquiries", level: 1 })).toBeFocused();
  await page.goForward();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(`${recordPath}${filters}`);
});

test("a user's address opens their details over the users list; opened from the list it takes the user's address", async ({ page, signIn, signInAdmin }) => {
  const email = `record-user-${stamp}@example.com`;
  const { userId } = await signIn(email);
  await signInAdmin();
  await page.goto(`/admin/users/${userId}`);
  await islandsHydrated(page);
  const dialog = page.getByRole("dialog", { name: `record-user-${stamp}` });
  await expect(dialog).toContainText(email);
  await expect(dialog.getByText("No bookings yet.")).toBeVisible();
  await expect(page).toHaveURL(`/admin/users/${userId}`);
  await dialog.getByRole("button", { name: "Close" }).first().click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/admin/users");

  await page.getByRole("button", { name: `Details of record-user-${stamp}` }).click();
  await expect(dialog).toContainText(email);
  await expect(page).toHaveURL(`/admin/users/${userId}`);
  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/admin/users");
});

test("an order or a booking that does not exist says so with a way back to the list; a malformed address is the 404 page", async ({
  page,
  signInAdmin,
}, testInfo) => {
  await signInAdmin();
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/admin/orders/pi-2222-2222?status=shipped");
  await islandsHydrated(page);
  const dialog = page.getByRole("dialog", { name: "Order PI-2222-2222" });
  await expect(dialog.getByRole("alert")).toHaveText("There is no order PI-2222-2222. Check the order number, or find the order in the list.");
  await page.screenshot({ path: testInfo.outputPath("missing-order-360.png") });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await dialog.getByRole("link", { name: "Back to orders" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL("/admin/orders?status=shipped");
  await expect(page.getByLabel("Status")).toHaveValue("shipped");

  // A booking is handed to its dialog whole, so it is read before the dialog opens: missing, it says so too.
  await page.goto("/admin/bookings/0b6f2f5e-3c1d-4e8a-9f7b-2a4c6e8d0f12");
  await islandsHydrated(page);
  const booking = page.getByRole("dialog", { name: "Booking" });
  await expect(booking.getByRole("alert")).toHaveText("There is no such booking. Check the reference, or search for the booking in the list.");
  await page.keyboard.press("Escape");
  await expect(booking).toBeHidden();
  await expect(page).toHaveURL("/admin/bookings");

  const malformed = await page.goto("/admin/orders/12");
  expect(malformed?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("without a sign-in a record's address goes to the admin sign-in, keeping the address to return to", async ({ page }) => {
  await page.goto("/admin/orders/pi-2222-2222?status=shipped");
  await expect(page).toHaveURL(`/admin/login?returnTo=${encodeURIComponent("/admin/orders/pi-2222-2222?status=shipped")}`);
});

test.describe("records link both ways (decision 076)", () => {
  // axe goes in as an inline script, which the strict CSP would block.
  test.use({ bypassCSP: true });
  const shots = "/tmp/h/shots";

  test("a customer's record lists their orders, bookings, enquiries, payments and notes, each a link to its record; the order, booking and enquiry link back; staff see no link", async ({
    page,
    site,
    signInAdmin,
  }) => {
    test.setTimeout(120_000);
    const email = `linked-${stamp}@example.com`;
    const ann = seed(site, "customerWithFullRecord", email);
    await signInAdmin();

    // The customer's record: every part, each entry a link to its own record.
    await page.goto(`/admin/users/${ann.userId}`);
    await islandsHydrated(page);
    const record = page.getByRole("dialog", { name: "Ann" });
    await expect(record.getByTestId("user-orders")).toContainText("Orders (2)");
    await expect(record.getByTestId("user-orders").getByRole("link", { name: new RegExp(ann.orderNumber) })).toHaveAttribute(
      "href",
      `/admin/orders/${ann.orderNumber.toLowerCase()}`,
    );
    await expect(record.getByTestId("user-bookings").getByRole("link", { name: new RegExp(ann.bookingReference) })).toHaveAttribute(
      "href",
      `/admin/bookings/${ann.bookingReference.toLowerCase()}`,
    );
    await expect(record.getByTestId("user-enquiries")).toContainText("Enquiries (2)");
    for (const id of ann.enquiryIds) await expect(record.getByTestId("user-enquiries").locator(`a[href="/admin/contacts/${id}"]`)).toHaveCount(1);
    await expect(record.getByTestId("user-payments").getByRole("link", { name: new RegExp(ann.paymentReference) })).toBeVisible();
    const notes = record.getByTestId("user-record-notes");
    for (const body of ["Asked for discreet packaging.", "Prefers a morning call.", "Called back on Monday."]) await expect(notes).toContainText(body);
    await expect(page.locator(".skeleton")).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/E-record-1280.png` });
    await notes.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/E-record-notes-1280.png` });
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await record.getByTestId("user-payments").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/E-record-360.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // From the record to the order, and from the order back to the customer.
    await record
      .getByTestId("user-orders")
      .getByRole("link", { name: new RegExp(ann.orderNumber) })
      .click();
    await expect(page).toHaveURL(`/admin/orders/${ann.orderNumber.toLowerCase()}`);
    await islandsHydrated(page);
    const order = page.getByRole("dialog", { name: /^Order / });
    await expect(order.getByTestId("customer-link")).toBeVisible();
    await page.screenshot({ path: `${shots}/E-order-link-1280.png` });
    await order.getByTestId("customer-link").getByRole("link", { name: "Ann" }).click();
    await expect(page).toHaveURL(`/admin/users/${ann.userId}`);

    // The booking and both enquiries from the address (one typed in capitals) link to the customer.
    await page.goto(`/admin/bookings/${ann.bookingReference.toLowerCase()}`);
    await islandsHydrated(page);
    await expect(page.getByTestId("customer-link").getByRole("link", { name: "Ann" })).toHaveAttribute("href", `/admin/users/${ann.userId}`);
    for (const id of ann.enquiryIds) {
      await page.goto(`/admin/contacts/${id}`);
      await islandsHydrated(page);
      await expect(page.getByTestId("customer-link").getByRole("link", { name: "Ann" })).toHaveAttribute("href", `/admin/users/${ann.userId}`);
    }
    await page.screenshot({ path: `${shots}/E-enquiry-link-1280.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: `${shots}/E-enquiry-link-360.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/admin/contacts/${ann.strangerEnquiryId}`);
    await islandsHydrated(page);
    await expect(page.getByTestId("customer-link")).toHaveText("Not from a registered customer: no account has this e-mail address.");

    // Staff handle orders but not customers' accounts: the order shows no link to one.
    await signInAdmin(`staff-${stamp}`, "staff");
    await page.goto(`/admin/orders/${ann.orderNumber.toLowerCase()}`);
    await islandsHydrated(page);
    await expect(page.getByRole("dialog", { name: /^Order / })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("customer-link")).toHaveCount(0);
  });
});
