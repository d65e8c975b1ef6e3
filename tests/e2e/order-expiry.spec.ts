/**
 * The order-expiry job in the compiled binary (docs/product.md#orders): an order whose hold on the
 * stock ran out while the site was down is cancelled when the site starts again, its stock given
 * back and its customer e-mailed, exactly once however often the site restarts. The spec runs its
 * own site (it changes stock other specs count) with real SMTP.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { type SiteServer, seed, startSite, stopSite } from "./fixtures";
import { expect, test } from "./mail-fixtures";

const bun = join(process.cwd(), "node_modules/.bin/bun");
const dbFile = (site: SiteServer) => join(site.dataDir, "pi-site.db");

function run(script: string, args: string[]): string {
  const result = spawnSync(bun, [script, ...args], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`${script} ${args.join(" ")} failed: ${result.stderr}`);
  return result.stdout;
}
function query<T>(site: SiteServer, sql: string): T[] {
  return JSON.parse(run("tests/helpers/binary-db.ts", ["query", dbFile(site), sql])) as T[];
}
const stockOf = (site: SiteServer, productId: number) => query<{ s: number }>(site, `SELECT stock_quantity AS s FROM products WHERE id = ${productId}`)[0]?.s;
const orderOf = (site: SiteServer, orderId: number) =>
  query<{ status: string; released: number | null }>(site, `SELECT status, stock_released_at AS released FROM orders WHERE id = ${orderId}`)[0];
const cancellations = (site: SiteServer, orderId: number) =>
  query<{ n: number }>(site, `SELECT count(*) AS n FROM order_events WHERE order_id = ${orderId} AND status = 'cancelled'`)[0]?.n;

test("an order whose hold ran out while the site was down is cancelled at start, its stock back exactly once", async ({ mailbox }) => {
  test.setTimeout(60_000);
  const env = { SMTP_URL: mailbox.url, MAIL_FROM: "site@example.com", BUSINESS_EMAIL: "owner@example.com" };
  let site = await startSite(env);
  try {
    const email = `expiry-${Date.now()}@example.com`;
    const camera = query<{ id: number; s: number }>(site, "SELECT id, stock_quantity AS s FROM products WHERE slug = 'covert-body-worn-camera-4k'")[0];
    if (!camera) throw new Error("no camera in the seeded shop");
    const before = camera.s;
    const [placed] = seed(site, "placedOrders", email, { slug: "covert-body-worn-camera-4k", quantity: 2, paymentMethod: "paypal" });
    if (!placed) throw new Error("no order placed");
    expect(stockOf(site, placed.productId)).toBe(before - 2);
    expect(orderOf(site, placed.orderId)?.status).toBe("pending");

    // The hold runs out while the site is down.
    await stopSite(site, { keepData: true });
    seed(site, "expiredHold", placed.orderNumber);
    site = await startSite(env, site.dataDir);

    await expect.poll(() => orderOf(site, placed.orderId)?.status, { timeout: 10_000 }).toBe("cancelled");
    expect(orderOf(site, placed.orderId)?.released).not.toBeNull();
    expect(stockOf(site, placed.productId)).toBe(before);
    expect(cancellations(site, placed.orderId)).toBe(1);
    await expect
      .poll(() => mailbox.to(email).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1]), { timeout: 10_000 })
      .toEqual([`Order ${placed.orderNumber} cancelled`]);
    expect(mailbox.to(email)[0]?.text).toContain("was cancelled because we did not receive its payment in time");

    // Restarting again changes nothing: the stock went back once, the customer heard once.
    await stopSite(site, { keepData: true });
    site = await startSite(env, site.dataDir);
    // The job runs at start-up; give it the time it took above before looking.
    await new Promise((r) => setTimeout(r, 1500));
    expect(stockOf(site, placed.productId)).toBe(before);
    expect(cancellations(site, placed.orderId)).toBe(1);
    expect(mailbox.to(email)).toHaveLength(1);
  } finally {
    await stopSite(site);
  }
});
