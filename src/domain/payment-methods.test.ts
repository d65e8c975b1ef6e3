import { describe, expect, test } from "bun:test";
import { defaultSettings, type Settings } from "../shared/settings";
import { cryptoOnOffer, methodsOnOffer, orderMethodsOnOffer, paymentMethodsPhrase } from "./payment-methods";
import { fillPercents } from "./promised-percents";

const real = {
  bankAccountName: "ADI Pty Ltd",
  bankBsb: "065-000",
  bankAccountNumber: "12345678",
  btcAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  ethAddress: "",
  usdcSolAddress: "",
};
const settings = (over: Partial<Settings> = {}): Settings => ({ ...defaultSettings, ...over });

describe("which ways to pay are on offer (decision 067)", () => {
  test("a fresh site offers cash deposit only: no PayPal, and made-up bank details and crypto addresses offer nothing", () => {
    const on = methodsOnOffer(defaultSettings, { paypalConfigured: false });
    expect(on).toEqual({ paypal: false, crypto: [], bank: null, cash: true });
    expect(orderMethodsOnOffer(on)).toEqual(["cash_deposit"]);
    expect(paymentMethodsPhrase(on)).toBe("cash deposit");
  });

  test("real details and PayPal's credentials put each method on offer, in the checkout's order", () => {
    const on = methodsOnOffer(settings(real), { paypalConfigured: true });
    expect(on.bank).toEqual({ accountName: "ADI Pty Ltd", bsb: "065-000", accountNumber: "12345678" });
    expect(on.crypto.map((c) => c.coin)).toEqual(["Bitcoin"]);
    expect(orderMethodsOnOffer(on)).toEqual(["paypal", "bank_transfer", "crypto", "cash_deposit"]);
    expect(paymentMethodsPhrase(on)).toBe("card, PayPal, bank transfer, cryptocurrency or cash deposit");
  });

  test("bank transfer needs the whole account: a made-up BSB, or a missing name or number, takes it off", () => {
    for (const over of [{ bankBsb: defaultSettings.bankBsb }, { bankAccountNumber: "" }, { bankAccountName: " " }, { bankBsb: "" }]) {
      const on = methodsOnOffer(settings({ ...real, ...over }), { paypalConfigured: false });
      expect(on.bank).toBeNull();
      expect(orderMethodsOnOffer(on)).not.toContain("bank_transfer");
    }
  });

  test("cryptocurrency needs one real address; a made-up one hides its coin", () => {
    expect(
      cryptoOnOffer(methodsOnOffer(settings({ btcAddress: defaultSettings.btcAddress, ethAddress: "", usdcSolAddress: "" }), { paypalConfigured: false })),
    ).toBe(false);
    const one = methodsOnOffer(
      settings({ btcAddress: "", ethAddress: defaultSettings.ethAddress, usdcSolAddress: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV" }),
      {
        paypalConfigured: false,
      },
    );
    expect(one.crypto.map((c) => c.coin)).toEqual(["USDC"]);
  });

  test("settings already made customer-facing give the same answer", () => {
    const on = methodsOnOffer(settings({ ...real, bankBsb: "" }), { paypalConfigured: false });
    expect(on.bank).toBeNull();
  });
});

describe("promises follow the rule", () => {
  const percents = { newClientDiscountPercent: 50, cryptoDiscountPercent: 10, paymentPlansEnabled: true };
  const none = methodsOnOffer(defaultSettings, { paypalConfigured: false });
  const all = methodsOnOffer(settings(real), { paypalConfigured: true });
  const promo = "{newClientDiscount}% off for new clients, and a further {cryptoDiscount}% off when you pay in cryptocurrency.";

  test("the crypto discount is promised only while cryptocurrency is on offer: its clause, or its sentence, is left out", () => {
    expect(fillPercents(promo, percents, all)).toBe("50% off for new clients, and a further 10% off when you pay in cryptocurrency.");
    expect(fillPercents(promo, percents, none)).toBe("50% off for new clients.");
    expect(fillPercents("Pay in crypto for {cryptoDiscount}% off. Plans available!", percents, none)).toBe("Plans available!");
    expect(fillPercents("Private. Pay in crypto for {cryptoDiscount}% off.", percents, none)).toBe("Private.");
    expect(fillPercents("{newClientDiscount}% off for new clients.", percents, none)).toBe("50% off for new clients.");
  });

  test("{paymentMethods} names the ways to pay on offer, and the texts the site once shipped read the same way", () => {
    expect(fillPercents("Encrypted checkout: pay by {paymentMethods}.", percents, none)).toBe("Encrypted checkout: pay by cash deposit.");
    expect(fillPercents("Encrypted checkout: pay by card, PayPal, cryptocurrency or cash deposit.", percents, none)).toBe(
      "Encrypted checkout: pay by cash deposit.",
    );
    expect(
      fillPercents(
        "For extra privacy you can pay in cryptocurrency: nothing appears on your bank or card statement, and crypto payments receive an additional discount.",
        percents,
        none,
      ),
    ).toBe("");
    expect(
      fillPercents(
        "We accept cryptocurrency (Bitcoin, Ethereum, USDC), PayPal and card payments, and cash deposits. Interest-free payment plans are available.",
        percents,
        all,
      ),
    ).toBe("We accept card, PayPal, bank transfer, cryptocurrency or cash deposit. Interest-free payment plans are available.");
  });
});
