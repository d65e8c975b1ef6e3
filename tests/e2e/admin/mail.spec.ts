/**
 * /admin/mail in Chromium against the binary: an enquiry's e-mail fails while the mail server is
 * down (SMTP_URL points at a closed port), the dashboard warns with a link to the outbox, the
 * outbox shows the message as failed; once the site runs with a real SMTP server, Retry delivers it
 * and it reads as sent. Then the page at 360 px. The site is its own: other specs must not see the
 * banner, and it is restarted with another SMTP_URL on the same data.
 */
import type { Page } from "@playwright/test";
import { startSmtpServer } from "../../helpers/smtp";
import { expect, freePort, type SiteServer, signInAsAdmin, startSite, stopSite, test } from "../fixtures";
import { islandsHydrated } from "../helpers";

const mailEnv = { MAIL_FROM: "site@example.com", BUSINESS_EMAIL: "owner@example.com" };

async function enquire(site: SiteServer, name: string) {
  const res = await fetch(`${site.url}/api/contacts`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: site.url },
    body: JSON.stringify({ name, email: "client@example.com", phone: "", service: "checkup", message: `Enquiry from ${name}`, urgency: "normal" }),
  });
  expect(res.status).toBe(201);
}

async function failedCount(site: SiteServer, token: string): Promise<number> {
  const res = await fetch(`${site.url}/api/admin/mail/summary`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as { failed: number }).failed;
}

const enquiryRow = (page: Page) => page.getByTestId("mail-row").filter({ hasText: "New enquiry from Casey Failing" });

test("a message that failed while the mail server was down shows on the dashboard and in the outbox, and Retry delivers it", async ({ page, context }) => {
  test.setTimeout(60_000);
  const closedPort = await freePort();
  let site = await startSite({ ...mailEnv, SMTP_URL: `smtp://127.0.0.1:${closedPort}` });
  const smtp = await startSmtpServer();
  try {
    const { token } = await signInAsAdmin(context, site, "mail-owner");
    await enquire(site, "Casey Failing");
    await expect.poll(() => failedCount(site, token), { timeout: 10_000 }).toBeGreaterThan(0);

    await page.goto(`${site.url}/admin/dashboard`);
    await islandsHydrated(page);
    const banner = page.getByRole("alert").filter({ hasText: /failed to send/ });
    await expect(banner).toBeVisible();
    await banner.getByRole("link", { name: "Review the mail outbox" }).click();

    await expect(page).toHaveURL(/\/admin\/mail\?status=failed$/);
    await islandsHydrated(page);
    await expect(page.getByLabel("Status")).toHaveValue("failed");
    await expect(enquiryRow(page)).toContainText("owner@example.com");
    await expect(enquiryRow(page)).toContainText("Failed");
    await expect(enquiryRow(page)).toContainText("ECONNREFUSED");
    await expect(enquiryRow(page)).not.toContainText("Enquiry from Casey Failing");

    // The same data behind a working mail server; the message's next try is a minute away.
    await stopSite(site, { keepData: true });
    site = await startSite({ ...mailEnv, SMTP_URL: smtp.url }, site.dataDir);
    await signInAsAdmin(context, site, "mail-owner-2");
    await page.goto(`${site.url}/admin/mail?status=failed`);
    await islandsHydrated(page);
    expect(smtp.received.filter((m) => m.to.includes("owner@example.com"))).toHaveLength(0);

    await enquiryRow(page)
      .getByRole("button", { name: /^Retry the e-mail to owner@example.com/ })
      .click();
    await expect(page.getByTestId("toast")).toContainText("Message queued for another try");
    await expect.poll(() => smtp.received.filter((m) => m.to.includes("owner@example.com")).length, { timeout: 10_000 }).toBe(1);

    await page.getByLabel("Status").selectOption("sent");
    await expect(page).toHaveURL(/\/admin\/mail\?status=sent$/);
    await expect(enquiryRow(page)).toContainText("Sent");

    await page.setViewportSize({ width: 360, height: 800 });
    const card = page.getByTestId("mail-card").filter({ hasText: "New enquiry from Casey Failing" });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Sent");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  } finally {
    await stopSite(site);
    await smtp.close();
  }
});
