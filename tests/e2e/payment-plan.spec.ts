/**
 * A booking paid in three interest-free payments, end to end on a 360 px phone (issue #34): the
 * customer books a package, chooses "3 payments" in the payment dialog and asks for the bank
 * transfer details of the first; the owner marks it paid from the booking record; the site's clock
 * moves on (libfaketime: the binary reads its wall clock from a file the test rewrites, its timers
 * keep real time) to three days before the second is due, and the reminder arrives through a real
 * SMTP server (read by a real parser: amount, date, reference); past the due date the instalment is
 * on the owner's to-do list as overdue; the other two are paid, and the three tax invoices add up
 * to the price. Each start of the binary runs the reminders' job at once, so the test starts it
 * again after moving the clock rather than waiting for the job's timer. Screenshots of the dialog,
 * the booking's page and the to-do list go to $SHOTS_DIR/L2-*.png when it is set.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import { formatDate } from "../../src/domain/format";
import { toCents } from "../../src/domain/pricing";
import { adminRecordPath } from "../../src/shared/admin-records";
import { addDays } from "../../src/domain/timezone";
import { addAdminCookies, type SiteServer, seed, signInAs, startSite, stopSite } from "./fixtures";
import { axeViolations, businessDayAfter, islandsHydrated, islandsScheduled, pickCalendarDay, serverToday } from "./helpers";
import { expect, type Mailbox, test as mailTest } from "./mail-fixtures";

const libfaketime = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
/** Where screenshots go to be looked at, when asked for. */
const shots = process.env.SHOTS_DIR;

// The site is this test's own (started and restarted below), never the worker's shared one.
// biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures must destructure their first argument
const test = mailTest.extend({ baseURL: async ({}, use) => use(undefined) });
test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, bypassCSP: true });

/** The binary under libfaketime, reading its clock's offset from `clock`, with mail to `mailbox`. */
function clockedSite(mailbox: Mailbox, clock: string, dataDir?: string): Promise<SiteServer> {
  return startSite(
    {
      SMTP_URL: mailbox.url,
      MAIL_FROM: "site@example.com",
      BUSINESS_EMAIL: "owner@example.com",
      LD_PRELOAD: libfaketime,
      FAKETIME_TIMESTAMP_FILE: clock,
      FAKETIME_CACHE_DURATION: "1",
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
    },
    dataDir,
  );
}

async function parsed(mailbox: Mailbox, to: string): Promise<ParsedMail[]> {
  return Promise.all(mailbox.to(to).map((m) => simpleParser(m.raw)));
}

/** Waits for an e-mail to `to` whose text matches `pattern` and answers it parsed. */
async function mailMatching(mailbox: Mailbox, to: string, pattern: RegExp): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await parsed(mailbox, to)).find((m) => pattern.test(`${m.subject}\n${m.text ?? ""}`));
        return found !== undefined;
      },
      { timeout: 20_000, message: `an e-mail to ${to} matching ${pattern}` },
    )
    .toBe(true);
  return found as ParsedMail;
}

/** Opens the owner's record of the booking. */
async function openRecord(page: Page, site: SiteServer, reference: string) {
  await page.goto(`${site.url}${adminRecordPath("bookings", reference)}`);
  await islandsHydrated(page);
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("plan-table")).toBeVisible();
  return dialog;
}

/** The owner marks the next instalment paid from the booking record, confirming first. */
async function markNextPaid(page: Page, site: SiteServer, reference: string, number: number) {
  const dialog = await openRecord(page, site, reference);
  await dialog.getByRole("button", { name: `Mark paid: instalment ${number} of 3` }).tap();
  await expect(dialog.getByText(new RegExp(`^Mark instalment ${number} of 3 paid\\? Record \\$[\\d.]+ as received`))).toBeVisible();
  await dialog.getByRole("button", { name: "Yes, mark paid" }).tap();
  await expect(page.getByTestId("toast").filter({ hasText: `Instalment ${number} of 3 marked paid` })).toBeVisible();
  await expect(dialog.getByTestId("plan-instalment").nth(number - 1)).toHaveAttribute("data-status", "paid");
}

/** A new admin token for the owner, signed in at the site's (moved) clock, in this browser. */
async function ownerSignedIn(context: BrowserContext, site: SiteServer, offsetDays: number) {
  const { token } = seed(site, "adminTokenFor", "owner", -offsetDays * 24 * 60);
  await addAdminCookies(context, site, token);
}

test("a booking paid in 3 payments: chosen, reminded, overdue on the to-do list, and three invoices that add up", async ({ page, context, mailbox }) => {
  test.skip(!existsSync(libfaketime), "libfaketime is not installed");
  test.slow();
  if (shots) mkdirSync(shots, { recursive: true });
  const clockDir = mkdtempSync(join(tmpdir(), "pi-site-plan-clock-"));
  const clock = join(clockDir, "faketime");
  const setClock = (days: number) => writeFileSync(clock, `+${days * 24}h\n`);
  setClock(0);
  let site = await clockedSite(mailbox, clock);
  try {
    seed(site, "paymentDetails");
    seed(site, "businessDetails", { abn: "51 824 753 556" });
    seed(site, "adminWithToken", "owner");
    const email = "petra@example.com";
    await signInAs(context, site, email);

    // She books the three-day investigation (new-client price $347.50, above the $300 minimum).
    await page.goto(`${site.url}/booking?service=infidelity`);
    const today = await serverToday(page);
    await pickCalendarDay(page, businessDayAfter(addDays(today, 4)));
    await page.getByRole("group", { name: "Available times" }).getByRole("button").first().tap();
    await page.getByLabel("Phone").fill("0400 000 000");
    await page.getByRole("button", { name: "Confirm Booking" }).tap();
    await expect(page).toHaveURL(/\/bookings\/bk-/);
    const reference = (await page.getByTestId("booking-reference").textContent()) ?? "";
    const bookingPage = page.url().replace(site.url, "");

    // The page says what the plans are before any script runs.
    await expect(page.getByTestId("plan-offer")).toContainText("3 payments: $115.84 today, then $115.83 on");

    // The dialog offers the plans, each with its amounts and dates; she chooses 3 payments by keyboard.
    await islandsScheduled(page);
    await page.getByRole("link", { name: "Pay now" }).tap();
    const dialog = page.getByRole("dialog");
    const choice = dialog.getByRole("group", { name: "How would you like to pay?" });
    await expect(choice.getByRole("radio")).toHaveCount(4);
    await expect(choice.getByRole("radio", { name: /^Pay in full/ })).toBeChecked();
    const second = formatDate(addDays(today, 14), "dayMonth");
    const third = formatDate(addDays(today, 28), "dayMonth");
    await expect(choice.getByRole("radio", { name: /^3 payments/ })).toHaveAccessibleName(
      `3 payments $115.84 today, then $115.83 on ${second} and ${third} 0% interest, no credit check`,
    );
    await expect(choice.getByText("0% interest, no credit check")).toHaveCount(3);
    await choice.getByRole("radio", { name: /^Pay in full/ }).focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(choice.getByRole("radio", { name: /^3 payments/ })).toBeChecked();
    await expect(dialog.getByTestId("dialog-due-now")).toHaveText("Payment 1 of 3: $115.84 USD now.");
    await expect(dialog.getByRole("tabpanel")).toContainText("detailed payment instructions for payment 1 of 3");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    if (shots) await dialog.screenshot({ path: `${shots}/L2-dialog.png` });

    // She asks for the bank transfer details of the first payment: the request names the plan.
    const asked = page.waitForRequest((r) => r.url().endsWith("/api/payment-requests"));
    await dialog.getByRole("button", { name: "Confirm Order & Request Instructions" }).tap();
    expect((await asked).postDataJSON()).toMatchObject({ method: "instructions", instalments: 3 });
    await expect(page.getByTestId("toast").filter({ hasText: "Payment 1 of 3:" })).toBeVisible();
    const instructions = await mailMatching(mailbox, email, /Bank transfer: \$115\.84 USD/);
    const firstRef = /Reference: (PAY-[A-Z0-9-]+)/.exec(instructions.text ?? "")?.[1];
    expect(firstRef).toBeTruthy();

    // The owner marks it paid from the booking record.
    await ownerSignedIn(context, site, 0);
    await markNextPaid(page, site, reference, 1);

    // Her page shows the plan: the first paid with its invoice, the next two upcoming.
    await page.goto(`${site.url}${bookingPage}`);
    const rows = page.getByTestId("plan-instalment");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("Paid on");
    await expect(rows.nth(0).getByRole("link", { name: /^Invoice / })).toBeVisible();
    await expect(rows.nth(1)).toContainText("Upcoming");
    await expect(page.getByTestId("booking-payment")).toHaveText("1 of 3 paid");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The plan's four columns fit the phone without scrolling sideways.
    expect(await page.getByTestId("plan-table").evaluate((t) => t.scrollWidth <= (t.parentElement?.clientWidth ?? 0))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/L2-booking.png`, fullPage: true });

    // Eleven days on, three before the second is due: the reminder comes by e-mail.
    await stopSite(site, { keepData: true });
    setClock(11);
    site = await clockedSite(mailbox, clock, site.dataDir);
    const reminder = await mailMatching(mailbox, email, /^Payment 2 of 3 is due soon/);
    expect(reminder.subject).toBe(`Payment 2 of 3 is due soon: booking ${reference}`);
    expect(reminder.text).toContain("Amount: $115.83 USD");
    expect(reminder.text).toContain(`Due: ${formatDate(addDays(today, 14), "full")}`);
    expect(reminder.text).toContain(`Booking reference: ${reference}`);
    expect(reminder.text).toContain(`${site.url}${bookingPage}`);

    // Fifteen days on, a day past its due date: the second is overdue on the owner's to-do list.
    await stopSite(site, { keepData: true });
    setClock(15);
    site = await clockedSite(mailbox, clock, site.dataDir);
    await ownerSignedIn(context, site, 15);
    await page.goto(`${site.url}/admin/dashboard`);
    await islandsHydrated(page);
    await expect(page.getByTestId("todo")).toHaveAttribute("aria-busy", "false");
    const overdue = page.getByRole("region", { name: /Overdue instalments/ });
    await expect(overdue).toContainText(reference);
    expect(await axeViolations(page)).toEqual([]);
    await overdue.scrollIntoViewIfNeeded();
    if (shots) await page.screenshot({ path: `${shots}/L2-todo.png` });

    // She pays the second (the dialog now asks for it instead of offering the choice), and the third.
    await page.goto(`${site.url}${bookingPage}`);
    await expect(page.getByTestId("plan-instalment").nth(1)).toContainText(`Overdue since ${second}`);
    await islandsScheduled(page);
    await page.getByRole("link", { name: "Pay instalment 2" }).tap();
    await expect(dialog.getByTestId("plan-next")).toContainText(`Pay instalment 2 of 3: $115.83, overdue since ${second}`);
    await expect(dialog.getByRole("radio")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Confirm Order & Request Instructions" }).tap();
    await expect(page.getByTestId("toast").filter({ hasText: "Payment 2 of 3:" })).toBeVisible();
    await markNextPaid(page, site, reference, 2);
    const third_ = await page.request.post(`${site.url}/api/payment-requests`, {
      headers: { Origin: site.url },
      data: { bookingId: (await bookingIdOf(page, site, bookingPage)) ?? "", method: "instructions" },
    });
    expect(third_.status()).toBe(201);
    expect((await third_.json()).instalment).toMatchObject({ number: 3, of: 3, amount: "115.83" });
    await markNextPaid(page, site, reference, 3);

    // Three tax invoices, one per payment, adding up to the price.
    await page.goto(`${site.url}${bookingPage}`);
    await expect(page.getByTestId("booking-payment")).toHaveText("Paid");
    const links = page.getByTestId("plan-instalment").getByRole("link", { name: /^Invoice / });
    await expect(links).toHaveCount(3);
    let cents = 0;
    for (const href of await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).getAttribute("href") ?? ""))) {
      await page.goto(`${site.url}${href}`);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Tax invoice");
      const total = (await page.getByTestId("invoice-total").textContent()) ?? "";
      cents += toCents(total.replace(/[^\d.]/g, "")) ?? Number.NaN;
    }
    expect(cents).toBe(34750);
  } finally {
    await stopSite(site);
    rmSync(clockDir, { recursive: true, force: true });
  }
});

/** The booking's id, from its page's cancel or calendar link. */
async function bookingIdOf(page: Page, site: SiteServer, bookingPage: string): Promise<string | null> {
  await page.goto(`${site.url}${bookingPage}`);
  const href = await page.getByRole("link", { name: /Add to calendar/ }).getAttribute("href");
  return /\/api\/bookings\/([^/]+)\/ics/.exec(href ?? "")?.[1] ?? null;
}
