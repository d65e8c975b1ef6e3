import { expect, test } from "bun:test";
import { browser } from "../../tests/helpers/browser";
import { testAppPerTest } from "../../tests/helpers/per-test";
import type { PaymentDialogProps } from "../islands/PaymentDialog";

const t = testAppPerTest();

/** The props of every payment dialog island on the page, in card order. */
function dialogProps(html: string): PaymentDialogProps[] {
  const islands = [...html.matchAll(/<pi-island data-island="PaymentDialog"[^>]*><script type="application\/json">(.*?)<\/script>/g)];
  return islands.map((m) => (JSON.parse(m[1]!) as { props: PaymentDialogProps }).props);
}

test("each card's Select button is a link to the contact form until the dialog's island wakes", async () => {
  const html = await (await t.request("/services")).text();
  for (const id of ["checkup", "partner", "infidelity", "fullcheating", "hourly", "ongoing"]) {
    expect(html).toContain(`href="/contact?service=${id}#contact-form"`);
  }
  expect(html.match(/data-hydrate="interaction"/g)).toHaveLength(6);
  // Closed dialogs are not in the page at all.
  expect(html).not.toContain("<dialog");
});

test("signed-out visitors (the cached page) are offered new-client prices; returning customers list prices", async () => {
  const anonymous = dialogProps(await (await t.request("/services")).text());
  expect(anonymous.map((p) => [p.service.id, p.service.amountDue, p.service.percentOff])).toEqual([
    ["checkup", 38, 50],
    ["partner", 148, 50],
    ["infidelity", 348, 50],
    ["fullcheating", 648, 50],
    ["hourly", 172, 50],
    ["ongoing", 198, 50],
  ]);
  expect(anonymous[1]).toMatchObject({
    accountEmail: null,
    paypalClientId: null,
    cryptoDiscountPercent: 10,
    // The shipped e-mail and phone are made up and never shown (decision 037).
    contact: { email: "", phone: "" },
  });
  expect(anonymous[1]!.service).toMatchObject({ cryptoAmount: 133, cryptoSaving: 15 });

  const b = browser(t);
  const userId = await b.signUp("rosa@example.com");
  t.db.$client.query("UPDATE users SET is_new_customer = 0 WHERE id = ?").run(userId);
  const res = await b.get("/services");
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  const returning = dialogProps(await res.text());
  expect(returning.map((p) => [p.service.amountDue, p.service.percentOff])).toEqual([
    [75, 0],
    [295, 0],
    [695, 0],
    [1295, 0],
    [340, 0],
    [395, 0],
  ]);
  expect(returning[0]!.accountEmail).toBe("rosa@example.com");

  // The anonymous cache still holds the visitor's page.
  expect(dialogProps(await (await t.request("/services")).text())[1]!.service.amountDue).toBe(148);
});

test("an empty crypto address hides that coin, and so does a made-up one (decision 037)", async () => {
  const set = (key: string, value: string) =>
    t.db.$client
      .query("INSERT INTO settings (key, value, updated_at) VALUES (?, ?, 0) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .run(key, JSON.stringify(value));
  const coins = async () => {
    t.deps.pageCache.clear();
    const [first] = dialogProps(await (await t.request("/services")).text());
    return first!.cryptoAddresses.map((a) => a.coin);
  };
  expect(await coins()).toEqual([]);
  set("btcAddress", "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq");
  set("usdcSolAddress", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV");
  expect(await coins()).toEqual(["Bitcoin", "USDC"]);
  set("ethAddress", "0x52908400098527886E0F7030069857D2E4169EE7");
  expect(await coins()).toEqual(["Bitcoin", "Ethereum", "USDC"]);
  set("ethAddress", "");
  expect(await coins()).toEqual(["Bitcoin", "USDC"]);
});
