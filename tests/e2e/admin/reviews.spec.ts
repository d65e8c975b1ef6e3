/**
 * /admin/reviews in Chromium against the binary, with a real SMTP server: the dashboard counts the
 * waiting reviews and leads to them; the owner approves one (public from then on: the admin API
 * says approved), rejects another with a reason (the customer's e-mail carries it and the product's
 * link), replies to a third and cancels a delete; a review's markup shows as text; the page and its
 * dialogs at 1280 and 360 px. Every rule and refusal is proven by src/api/admin/reviews.test.ts.
 */
import type { Page } from "@playwright/test";
import { seed } from "../fixtures";
import { axeViolations, islandsHydrated } from "../helpers";
import { expect, test } from "../mail-fixtures";

const stamp = Date.now();
const tag = `rv${stamp}`;
const shots = process.env.SHOTS_DIR;

async function shoot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: name.startsWith("list") });
}

const card = (page: Page, title: string) => page.getByTestId("review-card").filter({ hasText: title });

test("the owner approves a waiting review, rejects one with a reason the customer is e-mailed, and replies to one", async ({
  page,
  site,
  mailbox,
  signInAdmin,
}) => {
  test.setTimeout(120_000);
  const made = seed(site, "reviewsToModerate", tag);
  const { token } = await signInAdmin(`moderator${stamp}`);
  const review = async (id: number) => {
    const res = await page.request.get(`/api/admin/reviews/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(200);
    return (await res.json()) as { status: string; rejectionReason: string | null; reply: string | null };
  };

  // The dashboard's to-do list counts the waiting reviews and leads to them.
  await page.goto("/admin/dashboard");
  const waiting = page.getByRole("region", { name: "Reviews to moderate" });
  await expect(waiting.getByTestId("todo-count")).toHaveText("3 items");
  await waiting.getByRole("link", { name: "All waiting reviews" }).click();
  await expect(page).toHaveURL(/\/admin\/reviews\?status=pending$/);
  await islandsHydrated(page);
  await expect(page.getByRole("heading", { name: "Reviews", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Reviews" })).toHaveAttribute("aria-current", "page");

  // Every review of this run, the waiting ones first.
  await page.goto(`/admin/reviews?search=${tag}`);
  await islandsHydrated(page);
  await expect(page.getByRole("status").filter({ hasText: /review/ })).toHaveText(`6 reviews matching "${tag}"`);
  const cards = page.getByTestId("review-card");
  await expect(cards).toHaveCount(6);
  await expect(cards.first()).toContainText("Good range, some hiss");
  await expect(cards.first().getByTestId("review-status")).toHaveText("Waiting");
  // A title with markup is shown as the text it is.
  await expect(card(page, "works well").getByText("<script>alert('x')</script> works well", { exact: true })).toBeVisible();
  await expect(card(page, "Clear footage at night").getByText("Verified purchase")).toBeVisible();
  await expect(card(page, "Clear footage at night").getByRole("img", { name: "5 out of 5 stars" })).toBeVisible();
  await shoot(page, "list-1280");

  // Approve: the button waits, the toast says so, the card is approved and the API agrees.
  const dee = card(page, "Battery runs out quickly");
  await dee.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("toast")).toContainText("Review approved");
  await expect(dee.getByTestId("review-status")).toHaveText("Approved");
  await expect(dee.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(dee).toBeFocused();
  expect((await review(made.pending[0]?.id ?? 0)).status).toBe("approved");

  // Reject with a reason: the dialog asks for it (an empty one is refused on the spot), the customer is e-mailed it.
  const fay = card(page, "Good range, some hiss");
  const rejectButton = fay.getByRole("button", { name: "Reject..." });
  await rejectButton.click();
  const dialog = page.getByRole("dialog", { name: "Reject this review?" });
  await expect(dialog).toBeVisible();
  const reason = dialog.getByRole("textbox", { name: "Reason the customer is told" });
  await expect(reason).toBeFocused();
  await dialog.getByRole("button", { name: "Reject and tell the customer" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Tell the customer why, in 1 to 500 characters");
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await shoot(page, "reject-dialog-1280");
  await reason.fill("It names the shop where you bought it; please leave out names of businesses.");
  await dialog.getByRole("button", { name: "Reject and tell the customer" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("toast").filter({ hasText: "Review rejected" })).toBeVisible();
  await expect(fay.getByTestId("review-status")).toHaveText("Rejected");
  await expect(fay).toContainText("Rejected, the customer was told: It names the shop where you bought it");
  expect(await review(made.pending[2]?.id ?? 0)).toMatchObject({ status: "rejected", rejectionReason: expect.stringContaining("names of businesses") });
  await expect.poll(() => mailbox.to(`${tag}-fay@example.com`).length, { timeout: 20_000 }).toBe(1);
  const mail = mailbox.to(`${tag}-fay@example.com`)[0]?.text ?? "";
  expect(mail).toContain("Subject: Your review was not published");
  expect(mail).toContain("please leave out names of businesses.");
  expect(mail).toContain(`${site.url}/shop/product/parabolic-microphone#write-review`);

  // Reply: the dialog saves it, the card shows it; focus goes back to the card.
  const ben = card(page, "Small and easy to hide");
  await ben.getByRole("button", { name: "Reply..." }).click();
  const replyDialog = page.getByRole("dialog", { name: "Reply to this review" });
  await replyDialog.getByRole("textbox", { name: "Your public reply" }).fill("Thank you, Ben. Glad it suits you.");
  await shoot(page, "reply-dialog-1280");
  await replyDialog.getByRole("button", { name: "Save reply" }).click();
  await expect(replyDialog).toBeHidden();
  await expect(page.getByTestId("toast").filter({ hasText: "Reply saved" })).toBeVisible();
  await expect(ben).toContainText("Thank you, Ben. Glad it suits you.");
  expect((await review(made.approved[1]?.id ?? 0)).reply).toBe("Thank you, Ben. Glad it suits you.");

  // Delete asks first; Cancel keeps the review and puts the focus back on the button.
  const cal = card(page, "My neighbour John Smith");
  const deleteButton = cal.getByRole("button", { name: "Delete..." });
  await deleteButton.click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this review?" });
  await expect(confirm).toContainText("Cal Reviewer's review of Parabolic Directional Microphone");
  await shoot(page, "delete-dialog-1280");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await expect(cards).toHaveCount(6);

  // The list filtered to the waiting ones: only Eli's is left.
  await page.getByRole("combobox", { name: "Show" }).selectOption("pending");
  await expect(page).toHaveURL(new RegExp(`/admin/reviews\\?status=pending&search=${tag}$`));
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("works well");

  // At 360 px: nothing wider than the screen, the dialogs too.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/admin/reviews?search=${tag}`);
  await islandsHydrated(page);
  await expect(cards).toHaveCount(6);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shoot(page, "list-360");
  await card(page, "works well").getByRole("button", { name: "Reject..." }).click();
  await expect(page.getByRole("dialog", { name: "Reject this review?" })).toBeVisible();
  await shoot(page, "reject-dialog-360");
  await page.keyboard.press("Escape");
  await card(page, "Small and easy to hide").getByRole("button", { name: "Edit reply..." }).click();
  await expect(page.getByRole("dialog", { name: "Reply to this review" })).toBeVisible();
  await shoot(page, "reply-dialog-360");
});

test.describe("editing a review before approving it (decision 076)", () => {
  // axe goes in as an inline script, which the strict CSP would block.
  test.use({ bypassCSP: true });

  test("the moderator takes a phone number out of a waiting review: the customer is e-mailed why, the approved review is marked on the product page", async ({
    page,
    site,
    mailbox,
    signInAdmin,
  }) => {
    test.setTimeout(120_000);
    const editTag = `rve${stamp}`;
    const made = seed(site, "reviewsToModerate", editTag);
    await signInAdmin(`editor${stamp}`);
    await page.goto(`/admin/reviews?search=${editTag}`);
    await islandsHydrated(page);
    const dee = card(page, "Battery runs out quickly");
    // A rejected review is not offered the edit: its author was told why.
    await expect(card(page, "My neighbour John Smith").getByRole("button", { name: "Edit words..." })).toHaveCount(0);

    await dee.getByRole("button", { name: "Edit words..." }).click();
    const dialog = page.getByRole("dialog", { name: "Edit this review's words" });
    const comment = dialog.getByRole("textbox", { name: "Review" });
    await expect(comment).toBeFocused();
    await comment.fill("Battery runs out quickly. Ring me on 0412 345 678 to hear more.");
    // The reason is required, said under its field.
    await dialog.getByRole("button", { name: "Save and tell the customer" }).click();
    const reason = dialog.getByRole("textbox", { name: "Reason the customer is told" });
    await expect(reason).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByRole("alert")).toHaveText("Tell the customer why you changed it, in 1 to 500 characters");
    await expect(reason).toBeFocused();
    await comment.fill("Battery runs out quickly. [Phone number removed by the business.]");
    await reason.fill("We took out your phone number, so that no one reading the review can call you.");
    if (shots) await page.screenshot({ path: `${shots}/E-review-edit-dialog-1280.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    if (shots) await page.screenshot({ path: `${shots}/E-review-edit-dialog-360.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole("button", { name: "Save and tell the customer" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("toast").filter({ hasText: "Review edited" })).toBeVisible();
    await expect(dee.getByTestId("review-status")).toHaveText("Waiting");
    await expect(dee).toContainText("Edited by the business");
    await expect(dee.getByTestId("review-edit")).toContainText("the customer was told: We took out your phone number");
    // The customer's own words are kept for the back office, folded away.
    await dee.getByText("The customer's own words (never shown on the site)").click();
    await expect(dee.getByTestId("review-edit")).toContainText("Battery runs out quickly. Written by Dee after a few weeks of use.");
    if (shots) await page.screenshot({ path: `${shots}/E-review-card-1280.png` });
    expect(await axeViolations(page)).toEqual([]);

    // The customer is told why, with the new words.
    await expect.poll(() => mailbox.to(`${editTag}-dee@example.com`).length, { timeout: 20_000 }).toBe(1);
    const mail = mailbox.to(`${editTag}-dee@example.com`)[0]?.text ?? "";
    expect(mail).toContain("Subject: We changed a few words of your review");
    expect(mail).toContain("We took out your phone number");
    expect(mail).not.toContain("0412 345 678");

    // Approved, it is public with the mark, and never with the original words.
    await dee.getByRole("button", { name: "Approve" }).click();
    await expect(dee.getByTestId("review-status")).toHaveText("Approved");
    expect(made.pending[0]?.id).toBeGreaterThan(0);
    await page.goto("/shop/product/covert-dash-cam-4k");
    const shown = page.locator("article").filter({ hasText: "[Phone number removed by the business.]" });
    await expect(shown.getByTestId("review-edited")).toHaveText("Edited by the business");
    await expect(page.getByText("0412 345 678")).toHaveCount(0);
    await shown.scrollIntoViewIfNeeded();
    if (shots) await page.screenshot({ path: `${shots}/E-review-public-1280.png` });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    await shown.scrollIntoViewIfNeeded();
    if (shots) await page.screenshot({ path: `${shots}/E-review-public-360.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.goto(`/admin/reviews?search=${editTag}`);
    await islandsHydrated(page);
    await card(page, "Battery runs out quickly").scrollIntoViewIfNeeded();
    if (shots) await page.screenshot({ path: `${shots}/E-review-card-360.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe("without JavaScript, at 360 px", () => {
  // The broken link's page answers 400, as a refused link should.
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, allowConsoleErrors: [/status of 400/] });

  test("a customer turns review invitations off and on again on the account page; a broken unsubscribe link says what to do", async ({ page, signIn }) => {
    await signIn(`invites-${stamp}@example.com`);
    await page.goto("/account");
    const emails = page.getByRole("region", { name: "E-mails" });
    const invites = emails.getByRole("checkbox", { name: "E-mail me to review what I bought" });
    await expect(invites).toBeChecked();
    await invites.uncheck();
    await emails.getByRole("button", { name: "Save E-mail Choices" }).click();
    await expect(page).toHaveURL(/\/account\?saved=emails$/);
    await expect(page.getByText("Your e-mail choices were saved.")).toBeVisible();
    await expect(invites).not.toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await emails.scrollIntoViewIfNeeded();
    if (shots) await page.screenshot({ path: `${shots}/account-emails-360.png` });
    await invites.check();
    await emails.getByRole("button", { name: "Save E-mail Choices" }).click();
    await expect(invites).toBeChecked();

    const broken = await page.goto("/unsubscribe/review-invitations?token=cut-short-by-the-mail-program");
    expect(broken?.status()).toBe(400);
    await expect(page.getByText("This link does not work")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to your account settings" })).toHaveAttribute("href", "/account#emails");
    if (shots) await page.screenshot({ path: `${shots}/unsubscribe-invalid-360.png` });
  });
});
