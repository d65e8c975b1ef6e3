/**
 * The wishlist and its back-in-stock e-mail in Chromium against the binary, at 360 px: a customer
 * hearts a sold-out product on its page, sees it on the shop's card and on /wishlist; the owner
 * restocks it in the product editor; exactly one e-mail arrives (real SMTP), its link opens the
 * product and its unsubscribe link stops e-mails about it. It changes stock, so it runs on a site of its own.
 */
import { signInAs, signInAsAdmin } from "./fixtures";
import { islandsHydrated } from "./helpers";
import { expect, ownMailSiteTest } from "./mail-fixtures";

const test = ownMailSiteTest;

test.use({ viewport: { width: 360, height: 740 } });

const shots = "/tmp/shots/wishlist";
const product = { slug: "cellular-trail-camera", name: "4G Cellular Trail Camera" };
const subject = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1];

test("wishlist a sold-out product, the owner restocks it, one e-mail arrives and its link opens the product", async ({ page, context, ownSite, mailbox }) => {
  test.setTimeout(90_000);
  const email = `wisher-${Date.now()}@example.com`;
  await signInAs(context, ownSite, email);

  // The product page's heart is a plain form: it posts and comes back pressed.
  await page.goto(`/shop/product/${product.slug}`);
  await expect(page.getByRole("paragraph").filter({ hasText: /^Out of Stock$/ })).toBeVisible();
  await page.getByRole("button", { name: `Add ${product.name} to wishlist` }).click();
  // It comes back to the button, saying what changed (issue 40).
  await expect(page).toHaveURL(new RegExp(`/shop/product/${product.slug}\\?wishlist=added#wishlist$`));
  await expect(page.getByTestId("wishlist-notice")).toHaveText("Added to your wishlist. Your wishlist");
  const pressed = page.getByRole("button", { name: `Remove ${product.name} from wishlist` });
  await expect(pressed).toHaveAttribute("aria-pressed", "true");
  await pressed.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/product-heart-360.png` });
  const action = await page.locator('form[action^="/wishlist/items/"]').getAttribute("action");
  const productId = Number(/\/wishlist\/items\/(\d+)\/delete/.exec(action ?? "")?.[1]);
  expect(productId).toBeGreaterThan(0);

  // The shop's card shows it pressed too; with JavaScript its heart toggles in place.
  await page.goto("/shop");
  await expect(page.locator('pi-island[data-island="ShopCatalog"]')).toHaveAttribute("data-state", "hydrated");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: product.name }) });
  await expect(card.getByRole("button", { name: `Remove ${product.name} from wishlist` })).toHaveAttribute("aria-pressed", "true");
  const other = page.getByRole("article").first();
  const otherName = (await other.getByRole("heading").textContent())?.trim() ?? "";
  await other.getByRole("button", { name: `Add ${otherName} to wishlist` }).click();
  await expect(other.getByRole("button", { name: `Remove ${otherName} from wishlist` })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("toast")).toContainText(`${otherName} is on your wishlist.`);
  await expect(page).toHaveURL(/\/shop$/);
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/shop-card-360.png` });

  // The wishlist page, reached from the dashboard's count.
  await page.goto("/dashboard");
  await page.getByTestId("dashboard-wishlist").click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page.getByRole("heading", { name: "Your Wishlist", level: 1 })).toBeVisible();
  const row = page.getByTestId("wishlist-item").filter({ hasText: product.name });
  await expect(row.getByText("Out of stock — we'll e-mail you when it's back")).toBeVisible();
  await expect(row.getByRole("button", { name: `Move to cart: ${product.name}` })).toHaveCount(0);
  await page.screenshot({ path: `${shots}/wishlist-360.png`, fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  // The owner restocks it in the back office's product editor.
  await signInAsAdmin(context, ownSite, `owner${Date.now()}`);
  await page.goto(`/admin/products/${productId}/edit`);
  await islandsHydrated(page);
  await page.getByLabel("Stock", { exact: true }).fill("4");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByTestId("toast").filter({ hasText: "Product Saved" })).toBeVisible();

  // Exactly one e-mail, to the customer who wished for it.
  await expect.poll(() => mailbox.to(email).map((m) => subject(m.raw)), { timeout: 15_000 }).toEqual(["Back in stock: something on your wishlist"]);
  await page.waitForTimeout(1_500);
  expect(mailbox.to(email)).toHaveLength(1);
  const text = mailbox.to(email)[0]?.text ?? "";
  const link = new RegExp(`https?://\\S+/shop/product/${product.slug}`).exec(text)?.[0];
  expect(link).toBeTruthy();
  const unsubscribe = /https?:\/\/\S+\/wishlist\/unsubscribe\?token=\S+/.exec(text)?.[0];
  expect(unsubscribe).toBeTruthy();

  // Its link opens the product, now in stock.
  await page.goto(new URL(new URL(link ?? "").pathname, ownSite.url).toString());
  await expect(page.getByRole("heading", { name: product.name, level: 1 })).toBeVisible();
  await expect(page.getByText("In Stock (4 available)")).toBeVisible();

  // Its unsubscribe link asks first, then stops e-mails about that product.
  const stop = new URL(unsubscribe ?? "");
  await page.goto(new URL(`${stop.pathname}${stop.search}`, ownSite.url).toString());
  await expect(page.getByText(`Stop e-mails telling you that ${product.name} is back in stock?`)).toBeVisible();
  await page.getByRole("button", { name: `Stop e-mails about ${product.name}` }).click();
  await expect(page.getByRole("status")).toHaveText(`You will get no more back-in-stock e-mails about ${product.name}.`);
  await page.screenshot({ path: `${shots}/unsubscribe-stopped-360.png` });
});
