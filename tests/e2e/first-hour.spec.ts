/**
 * A customer's first hour (issue 39, item 5), in Chromium at 360 px against the binary, with a real
 * SMTP server: she signs up through the form, opens the confirmation link in the same browser page
 * (which signs her in, decision 064), sends the contact form, books Partner Check, moves it, asks
 * for the booking's payment instructions, places two orders by bank transfer, reviews a product and
 * hearts another. Nothing is seeded for her and nothing is refused: no response of 400 or more, no
 * "Too many" or "already sent". At the end every message, hers and the business's, has arrived
 * exactly once. Bookings and orders take slots and stock other specs would see, so this runs on a
 * site of its own (the mail fixture's mailbox, as wishlist.spec.ts does).
 */
import type { Page } from "@playwright/test";
import { formatAppointment, formatDate } from "../../src/domain/format";
import {
  businessDayAfter,
  contactForm,
  fillContactForm,
  fillShipping,
  hydrateContactForm,
  islandsHydrated,
  islandsScheduled,
  pickCalendarDay,
  serverToday,
} from "./helpers";
import { expect, type Mail, ownMailSiteTest } from "./mail-fixtures";

const test = ownMailSiteTest;

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const business = "owner@example.com";
const password = "a long and unusual passphrase";
const firstProduct = { slug: "personal-gps-safety-tracker", name: "Personal GPS Safety Tracker" };
const secondProduct = { slug: "faraday-evidence-bag", name: "Faraday Evidence Bag for Phones" };
const wished = { slug: "covert-dash-cam-4k", name: "4K Covert Dual Dash Cam" };
const address = { name: "Nora Hale", line1: "12 Gouger St", suburb: "Adelaide", postcode: "5000", phone: "0412 345 678" };

/** A message's Subject header: folded lines joined, RFC 2047 encoded words decoded. */
function subjectOf(mail: Mail): string {
  const headers = (mail.raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
  const value = /^Subject: (.*)$/im.exec(headers)?.[1] ?? "";
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([BQbq])\?([^?]*)\?=/g, (_m, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_h, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            "latin1",
          ).toString("utf8"),
    )
    .trim();
}

/** How many times each subject arrived, those that arrived more than once. */
function duplicated(subjects: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of subjects) counts[s] = (counts[s] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 1));
}

/** Adds one of `slug` to the cart from its page and checks out by cash deposit; answers the order number. */
async function orderByBankTransfer(page: Page, slug: string, name: string, fits: (where: string) => Promise<void>) {
  await page.goto(`/shop/product/${slug}`);
  await expect(page.locator('pi-island[data-island="AddToCart"]')).toHaveAttribute("data-state", "hydrated");
  await page.getByRole("button", { name: "Add to Cart" }).tap();
  await expect(page.getByTestId("toast")).toContainText("Added to Cart");

  await page.goto("/cart");
  await islandsHydrated(page);
  await fits(`/cart (${slug})`);
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await islandsHydrated(page);
  await expect(page.getByTestId("checkout-line")).toContainText(`1 × ${name}`);
  await fillShipping(page, address);
  // A fresh site's bank details are made up, so bank transfer is not on offer (decision 067): cash deposit is.
  await page.getByRole("radio", { name: /Cash deposit/ }).check();
  await fits(`/checkout (${slug}, filled in)`);
  await page.getByRole("button", { name: "Place order" }).tap();

  await expect(page).toHaveURL(/\/orders\/pi-[2-9a-z]{4}-[2-9a-z]{4}\?notice=placed$/);
  await expect(page.getByText("Your order is placed")).toBeVisible();
  await expect(page.getByTestId("order-item")).toContainText(name);
  const heading = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  expect(heading).toMatch(/^Order PI-/);
  return heading.replace("Order ", "").trim();
}

test("a new customer's first hour at 360 px: sign up, confirm, contact, book, move, pay, order twice, review, wishlist; nothing refused, every message once", async ({
  page,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const email = `nora-${Date.now()}@example.com`;

  // Every answer of 400 or more the site sends this page: none is expected.
  const refused: string[] = [];
  page.on("response", (r) => {
    if (r.status() < 400) return;
    const url = new URL(r.url());
    void r
      .text()
      .catch(() => "")
      .then((body) => refused.push(`${r.status()} ${r.request().method()} ${url.pathname}${url.search} ${body.slice(0, 300)}`));
  });

  // Whether a page scrolls sideways at 360 px, page by page.
  const widths: string[] = [];
  const fits = async (where: string) => {
    const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
    widths.push(`${where}: ${width}`);
    expect.soft(width, `${where} has no horizontal scroll at 360 px`).toBeLessThanOrEqual(360);
  };

  // No refusal on the page: no toast or alert telling her to wait.
  const notRefused = async (where: string) => {
    await expect(page.getByText(/too many|already sent/i), `${where}: nothing says "Too many" or "already sent"`).toHaveCount(0);
  };

  const mailTo = (address: string, pattern: RegExp) => () => mailbox.to(address).filter((m) => pattern.test(subjectOf(m))).length;

  await test.step("1. she signs up on /login's Create account form and is told to check her e-mail", async () => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Create account" }).click();
    await expect(page).toHaveURL(/mode=signup/);
    await fits("/login?mode=signup");
    await page.getByLabel("First name (optional)").fill("Nora");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("Check your e-mail")).toBeVisible();
    await expect(page).toHaveURL(/\/login\?signedUp=1/);
    await fits("/login?signedUp=1");
    await notRefused("sign-up");
  });

  await test.step("2. the confirmation link, opened in the same page, signs her in without her password", async () => {
    const link = () =>
      mailbox
        .to(email)
        .map((m) => /https?:\/\/[^\s"<>]+\/verify-email\?token=[A-Za-z0-9_-]+/.exec(m.text)?.[0])
        .find(Boolean);
    await expect.poll(link, { timeout: 10_000 }).toBeTruthy();
    await page.goto(link() ?? "");
    await expect(page).toHaveURL(/\/dashboard\?notice=emailConfirmed$/);
    await expect(page.getByRole("status").filter({ hasText: "Your e-mail address is confirmed and you are signed in" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Nora");
    await expect(page.getByText(/Please confirm your e-mail/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Account settings" })).toBeVisible();
    await fits("/dashboard (confirmed)");
    await notRefused("confirmation");
  });

  await test.step("3. she sends the contact form once, and it is accepted", async () => {
    await page.goto("/contact");
    await hydrateContactForm(page);
    await fillContactForm(page, {
      name: "Nora Hale",
      email,
      phone: "0412 345 678",
      service: "partner",
      urgency: "normal",
      message: "I would like to talk about a partner check before I book.",
    });
    const sent = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/contacts");
    await contactForm(page).getByRole("button", { name: "Send Secure Message" }).click();
    expect((await sent).status()).toBe(201);
    await expect(page.getByTestId("toast")).toContainText("Message Sent Successfully");
    await fits("/contact (sent)");
    await notRefused("contact");
  });

  let bookedDay = "";
  await test.step("4. she books Partner Check on a free day, and the booking's page says it was received", async () => {
    await page.goto("/booking");
    await fits("/booking");
    await page.getByRole("link", { name: /Book Now.*Partner Check/ }).click();
    await expect(page).toHaveURL(/service=partner/);
    await expect(page.getByRole("textbox", { name: "E-mail" })).toHaveValue(email);
    bookedDay = businessDayAfter(await serverToday(page));
    await pickCalendarDay(page, bookedDay);
    // Partner Check holds the whole day, so it starts at opening time (decision 070).
    await page.getByRole("button", { name: "9:00 am" }).click();
    await expect(page.getByRole("button", { name: "9:00 am" })).toHaveAttribute("aria-pressed", "true");
    await page.getByLabel("Phone").fill("0412 345 678");
    await fits("/booking?service=partner (time chosen)");
    await page.getByRole("button", { name: "Confirm Booking" }).click();

    await expect(page).toHaveURL(/\/bookings\/bk-[2-9a-z]{4}-[2-9a-z]{4}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Booking received");
    await expect(page.getByTestId("booking-status")).toHaveText("Awaiting confirmation");
    await fits("/bookings/{reference}");
    await notRefused("booking");
  });

  await test.step("5. she moves it from the dashboard to another day and time", async () => {
    await page.goto("/dashboard");
    const row = page.getByTestId("booking").first();
    await expect(row).toContainText("Partner Check");
    await expect(row).toContainText(`${formatDate(bookedDay, "short")}, 09:00 · booked`);
    await row.getByRole("link", { name: "Move booking" }).click();
    await expect(page).toHaveURL(/\/bookings\/[^/]+\/move$/);
    await expect(page.getByRole("heading", { name: "Move your booking" })).toBeVisible();
    await expect(page.getByTestId("current-time")).toContainText("9:00 am");

    // A day is chosen by its link, which shows that day's times (decision 065).
    const dayLinks = page.getByRole("list", { name: "Days with free times" }).getByRole("link");
    const days = await dayLinks.evaluateAll((links) => links.map((a) => /date=([\d-]+)/.exec(a.getAttribute("href") ?? "")?.[1] ?? ""));
    const newDay = days.find((d) => d !== bookedDay);
    expect(newDay, "another day with free times is offered").toBeTruthy();
    await dayLinks.nth(days.indexOf(newDay ?? "")).click();
    await expect(page.getByRole("heading", { name: `2. Choose a time on ${formatDate(newDay ?? "", "short")}` })).toBeVisible();
    const firstLabel = page.locator('label:has(input[name="slot"])').first();
    const firstTime = firstLabel.locator("input");
    const newTime = ((await firstTime.getAttribute("value")) ?? "").slice(11);
    expect(newTime).toMatch(/^\d\d:\d\d$/);
    await firstLabel.click();
    await expect(firstTime).toBeChecked();
    await fits("/bookings/{id}/move (time chosen)");
    await page.getByRole("button", { name: "Move to this time" }).click();

    await expect(page).toHaveURL(/\/bookings\/bk-[^/]+\?notice=moved$/);
    await expect(page.getByTestId("booking-notice")).toContainText(`Your booking was moved to ${formatAppointment(newDay ?? "", newTime)}.`);
    await fits("/bookings/{reference}?notice=moved");
    await page.goto("/dashboard");
    await expect(page.getByTestId("booking").first()).toContainText(`${formatDate(newDay ?? "", "short")}, ${newTime} · booked`);
    await notRefused("move");
  });

  await test.step("6. she asks for the booking's payment instructions from the dashboard's payment dialog", async () => {
    await page.goto("/dashboard");
    await islandsScheduled(page);
    const row = page.getByTestId("booking").first();
    await expect(row.getByTestId("booking-payment")).toHaveText("Not paid");
    await row.getByText("Pay now", { exact: true }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // The new-client price to the cent (decision 068): half of $295.
    await expect(dialog.getByTestId("dialog-price")).toContainText("Amount due: $147.50 USD");
    await fits("/dashboard (payment dialog)");
    const requested = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/payment-requests");
    await dialog.getByRole("button", { name: "Confirm Order & Request Instructions" }).click();
    expect((await requested).status()).toBeLessThan(300);
    await expect(page.getByTestId("toast").filter({ hasText: "Payment Instructions Requested" })).toBeVisible();
    await expect(page.getByTestId("toast").filter({ hasText: /error/i })).toHaveCount(0);
    await expect(dialog).toBeHidden();
    await notRefused("payment instructions");
    await page.reload();
    await expect(page.getByTestId("booking").first().getByTestId("booking-payment")).toHaveText("Awaiting payment");
  });

  const orders: string[] = [];
  await test.step("7. she orders twice, each time by cash deposit", async () => {
    orders.push(await orderByBankTransfer(page, firstProduct.slug, firstProduct.name, fits));
    await fits("/orders/{number}?notice=placed (first)");
    await notRefused("first order");
    orders.push(await orderByBankTransfer(page, secondProduct.slug, secondProduct.name, fits));
    await fits("/orders/{number}?notice=placed (second)");
    await notRefused("second order");
    expect(new Set(orders).size).toBe(2);
    await page.goto("/orders");
    for (const number of orders) await expect(page.getByRole("link", { name: number })).toBeVisible();
    await fits("/orders");
  });

  await test.step("8. she reviews a product; it waits for approval", async () => {
    const path = `/shop/product/${firstProduct.slug}`;
    await page.goto(path);
    const form = page.getByRole("region", { name: "Write a review" });
    await form.getByRole("radio", { name: "5 stars" }).check();
    await form.getByLabel("Title").fill("Small and reassuring");
    await form.getByLabel("Your review").fill("Easy to carry on night shifts; the SOS button is where the thumb expects it.");
    await form.getByRole("button", { name: "Submit review" }).click();
    await expect(page).toHaveURL(`${path}?review=sent#reviews`);
    await expect(page.getByRole("status").filter({ hasText: "Your review was sent" })).toBeVisible();
    await expect(page.getByTestId("own-review-state")).toHaveText("Waiting for approval");
    await fits("/shop/product/{slug}?review=sent");
    await notRefused("review");
  });

  await test.step("9. she hearts a product and finds it on /wishlist", async () => {
    await page.goto(`/shop/product/${wished.slug}`);
    await page.getByRole("button", { name: `Add ${wished.name} to wishlist` }).click();
    await expect(page.getByRole("button", { name: `Remove ${wished.name} from wishlist` })).toHaveAttribute("aria-pressed", "true");
    await fits("/shop/product/{slug} (wishlisted)");
    await notRefused("wishlist");
    await page.goto("/wishlist");
    await expect(page.getByRole("heading", { name: "Your Wishlist", level: 1 })).toBeVisible();
    await expect(page.getByTestId("wishlist-item").filter({ hasText: wished.name })).toBeVisible();
    await fits("/wishlist");
  });

  await test.step("10. every message arrived, and each once", async () => {
    const expectedToHer: [string, RegExp][] = [
      // What she is sent names neither the service nor the trade (decision 069).
      ["the confirmation link", /^Confirm your e-mail address$/],
      ["the booking received", /^Booking received: appointment BK-[A-Z0-9]{4}-[A-Z0-9]{4} on /],
      ["the booking moved", /^Booking moved: appointment BK-[A-Z0-9]{4}-[A-Z0-9]{4} now on /],
      ["the payment instructions", /^Payment instructions \(PAY-/],
      ...orders.map((n): [string, RegExp] => [`order ${n} received`, new RegExp(`^Order ${n} received$`)]),
    ];
    const expectedToBusiness: [string, RegExp][] = [
      ["the enquiry", /^New enquiry from Nora Hale: /],
      ["the new booking", /^New booking: Partner Check on /],
      ["the booking moved", /^Booking moved: Partner Check /],
      ["the payment request", new RegExp(`^Payment instructions sent to ${email.replace(/[.+]/g, "\\$&")} \\(PAY-`)],
      ...orders.map((n): [string, RegExp] => [`new order ${n}`, new RegExp(`^New order ${n}: `)]),
    ];
    // The outbox delivers in the background: wait for each, then a little longer for any second copy.
    for (const [what, pattern] of expectedToHer) await expect.poll(mailTo(email, pattern), { message: `to her: ${what}`, timeout: 15_000 }).toBeGreaterThan(0);
    for (const [what, pattern] of expectedToBusiness)
      await expect.poll(mailTo(business, pattern), { message: `to the business: ${what}`, timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(3_000);

    const toHer = mailbox.to(email).map(subjectOf);
    const toBusiness = mailbox.to(business).map(subjectOf);
    test.info().annotations.push({ type: "mail to the customer", description: toHer.join(" | ") });
    test.info().annotations.push({ type: "mail to the business", description: toBusiness.join(" | ") });
    test.info().annotations.push({ type: "page widths at 360 px", description: widths.join(" | ") });
    console.log(`Mail to ${email}:\n  ${toHer.join("\n  ")}\nMail to ${business}:\n  ${toBusiness.join("\n  ")}`);

    expect(duplicated(toHer), "no message to her arrived twice").toEqual({});
    expect(duplicated(toBusiness), "no message to the business arrived twice").toEqual({});
    for (const [what, pattern] of expectedToHer)
      expect(
        toHer.filter((s) => pattern.test(s)),
        `to her: ${what}, once`,
      ).toHaveLength(1);
    for (const [what, pattern] of expectedToBusiness)
      expect(
        toBusiness.filter((s) => pattern.test(s)),
        `to the business: ${what}, once`,
      ).toHaveLength(1);
    expect(refused, "no answer of 400 or more all the way").toEqual([]);
  });
});
