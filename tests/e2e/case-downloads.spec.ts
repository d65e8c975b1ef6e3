/**
 * A client downloads from their case room on a sign-in over an hour old (decision 081), in Chromium
 * against the binary, on a phone (360 px) and a laptop (1280 px), and with JavaScript off: the
 * download leads to "Confirm it's you", which asks for a code by e-mail (the account has no
 * password), shows a wrong code's message under its field, and with the right code (the newest
 * sent) goes back and the file arrives with its name and bytes. axe finds nothing on each state; screenshots go to $SHOTS_DIR (F-*.png).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { caseUploadsPath } from "../../src/shared/case-room";
import { pdfBytes } from "../helpers/case-media";
import { addAdminCookies, expect, seed, type SiteServer } from "./fixtures";
import { axeViolations } from "./helpers";
import { test } from "./mail-fixtures";

const shots = process.env.SHOTS_DIR;
// axe is added to the page as a script of its own, which the site's policy would refuse.
test.use({ bypassCSP: true, allowConsoleErrors: [/status of 400/] });
const phone = { width: 360, height: 740 };
const laptop = { width: 1280, height: 900 };

/** The business delivers `bytes` as `name` into the room of `reference` through the portal's upload API; answers the file's id. */
async function deliver(context: BrowserContext, site: SiteServer, reference: string, name: string, bytes: Uint8Array): Promise<number> {
  const base = `${site.url}${caseUploadsPath("business", reference)}`;
  const headers = { Origin: site.url };
  const started = await context.request.post(base, { headers, data: { name, size: bytes.length, type: "application/pdf" } });
  expect(started.status(), await started.text()).toBe(201);
  const { id } = (await started.json()) as { id: number };
  const sha = createHash("sha256").update(bytes).digest("hex");
  const chunk = await context.request.put(`${base}/${id}?offset=0`, {
    headers: { ...headers, "Content-Type": "application/octet-stream", "X-Chunk-Sha256": sha },
    data: Buffer.from(bytes),
  });
  expect(chunk.status(), await chunk.text()).toBe(200);
  return id;
}

async function expectClean(page: Page, width: number, name: string) {
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (shots) await page.screenshot({ path: `${shots}/F-${name}-${width}.png`, fullPage: true });
}

test("an old sign-in confirms by an e-mailed code before a download, on a phone and a laptop, without JavaScript", async ({ page, context, site, mailbox }) => {
  test.setTimeout(90_000);
  const email = `files-${Date.now()}@example.com`;
  const client = seed(site, "customerWithBooking", email, { paid: true, time: "free" });
  const { token } = seed(site, "adminWithToken", `fileowner${Date.now()}`, null, "owner");
  const owner = await context.browser()!.newContext({ baseURL: site.url });
  await addAdminCookies(owner, site, token);
  const report = pdfBytes("Week one observations");
  const fileId = await deliver(owner, site, client.reference, "Surveillance report – week 1.pdf", report);
  await owner.close();
  await context.addCookies([{ name: "pi_session", value: client.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
  seed(site, "sessionsSignedInMinutesAgo", client.userId, 90);

  const filePath = `/cases/${client.reference.toLowerCase()}/files/${fileId}`;

  // With JavaScript off, the check's plain forms work: the download leads there, and a code's field opens.
  const noScript = await context.browser()!.newContext({ baseURL: site.url, javaScriptEnabled: false });
  await noScript.addCookies([{ name: "pi_session", value: client.token, url: site.url, httpOnly: true, sameSite: "Lax" }]);
  const plain = await noScript.newPage();
  await plain.goto(filePath);
  await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Confirm it's you");
  await plain.getByRole("button", { name: "E-mail Me a Code" }).click();
  await expect(plain.getByLabel("6-digit code")).toBeVisible();
  await noScript.close();
  // The booking's own e-mails go to the same address: only the codes count here.
  const codeMails = () => mailbox.to(email).filter((m) => m.text.includes("Subject: Your confirmation code"));
  await expect.poll(() => codeMails().length, { timeout: 15_000 }).toBe(1);
  for (const size of [laptop, phone]) {
    await page.setViewportSize(size);
    await page.goto(filePath);
    await expect(page).toHaveURL(new RegExp(`/cases/confirm\\?returnTo=${encodeURIComponent(filePath).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm it's you");
    // No password on this account: only the code is offered.
    await expect(page.getByLabel("Password")).toHaveCount(0);
    await expectClean(page, size.width, "confirm");
  }

  // Asking for a code opens its field; a wrong code is refused under it.
  await page.getByRole("button", { name: "E-mail Me a Code" }).click();
  await expect(page.getByText("We have e-mailed you a 6-digit code.")).toBeVisible();
  await expectClean(page, phone.width, "code-sent");
  await page.getByLabel("6-digit code").fill("12");
  await page.getByRole("button", { name: "Confirm With Code" }).click();
  await expect(page.getByLabel("6-digit code")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("The code is the 6 digits from the e-mail")).toBeVisible();
  await expectClean(page, phone.width, "code-error");

  // The e-mail's code confirms; the browser goes back to the file, which downloads whole.
  await expect.poll(() => codeMails().length, { timeout: 15_000 }).toBe(2);
  const mail = codeMails()[1]!;
  const code = /\b(\d{6})\b/.exec(mail.text.slice(mail.text.indexOf("is:")))?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel("6-digit code").fill(code);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Confirm With Code" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Surveillance report – week 1.pdf");
  expect(new Uint8Array(readFileSync((await file.path()) ?? ""))).toEqual(report);
});
