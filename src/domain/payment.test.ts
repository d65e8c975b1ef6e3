import { describe, expect, test } from "bun:test";
import {
  amountDueNote,
  cryptoAddresses,
  instalments,
  isReturningCustomer,
  judgeCapture,
  newReferenceCode,
  referenceCodePattern,
  sameAmount,
  serviceOffer,
} from "./payment";
import { shippedVolumeBands } from "./pricing";

const discounts = { newClientDiscountPercent: 50, cryptoDiscountPercent: 10, currency: "USD", volume: shippedVolumeBands };
const pkg = (id: string, price: string, unit = "once", minimumUnits = 1, lengthUnit = unit === "hour" ? "hours" : "days", lengthCount = minimumUnits) => ({
  id,
  name: id,
  price,
  unit,
  minimumUnits,
  lengthUnit,
  lengthCount,
});

describe("the volume table in the dialog", () => {
  test("a two-week package is offered with its 15% volume discount, after the new-client price and before crypto", () => {
    // $1,295 list; a new client's $647.50, less 15% ($97.13, to the cent) is $550.37; crypto 10% of that is $55.04.
    const offer = serviceOffer(pkg("fullcheating", "1295.00", "once", 1, "days", 14), false, discounts);
    expect(offer).toMatchObject({ listAmountDue: 1295, unitPrice: 647.5, percentOff: 50, volumePercent: 15, volumeSaving: 97.13, amountDue: 550.37 });
    expect(offer).toMatchObject({ cryptoAmount: 495.33, cryptoSaving: 55.04, amountDueCents: 55037, cryptoAmountCents: 49533 });
    // A returning customer: $1,295 less 15% is $1,100.75.
    expect(serviceOffer(pkg("fullcheating", "1295.00", "once", 1, "days", 14), true, discounts)).toMatchObject({ amountDue: 1100.75, volumePercent: 15 });
    // Three days is the standard rate.
    expect(serviceOffer(pkg("infidelity", "695.00", "once", 1, "days", 3), true, discounts)).toMatchObject({ amountDue: 695, volumePercent: 0 });
  });
});

describe("dialog prices", () => {
  test("a new client sees the list price struck through, the new-client price and the real percent", () => {
    const offer = serviceOffer(pkg("infidelity", "695.00"), false, discounts);
    expect(offer).toMatchObject({ unitListPrice: 695, unitPrice: 347.5, percentOff: 50, amountDue: 347.5, listAmountDue: 695 });
    // Crypto: 10% of $347.50 is $34.75, to the cent.
    expect(offer).toMatchObject({ cryptoAmount: 312.75, cryptoSaving: 34.75 });
  });

  test("a returning customer pays the list price, with no badge; crypto still saves 10%", () => {
    const offer = serviceOffer(pkg("infidelity", "695.00"), true, discounts);
    expect(offer).toMatchObject({ unitPrice: 695, percentOff: 0, amountDue: 695, cryptoAmount: 625.5, cryptoSaving: 69.5 });
  });

  test("every package's new-client and crypto price is to the cent", () => {
    const expected: [string, string, number, number, number][] = [
      ["checkup", "75.00", 37.5, 33.75, 3.75],
      ["partner", "295.00", 147.5, 132.75, 14.75],
      ["infidelity", "695.00", 347.5, 312.75, 34.75],
      ["fullcheating", "1295.00", 647.5, 582.75, 64.75],
      ["ongoing", "395.00", 197.5, 177.75, 19.75],
    ];
    for (const [id, price, amountDue, crypto, saving] of expected) {
      expect(serviceOffer(pkg(id, price), false, discounts)).toMatchObject({ amountDue, cryptoAmount: crypto, cryptoSaving: saving });
    }
  });

  test("an hourly service is due for its minimum hours, at the discounted hourly rate", () => {
    const offer = serviceOffer(pkg("hourly", "85.00", "hour", 4), false, discounts);
    expect(offer).toMatchObject({ unitListPrice: 85, unitPrice: 42.5, amountDue: 170, listAmountDue: 340, cryptoAmount: 153, cryptoSaving: 17 });
    expect(amountDueNote("hour", 4)).toBe("for the 4-hour minimum");
    expect(amountDueNote("month", 1)).toBe("for the first month");
    expect(amountDueNote("once", 1)).toBeNull();
  });

  test("a 0% new-client setting means no discount and no badge", () => {
    expect(serviceOffer(pkg("partner", "295.00"), false, { ...discounts, newClientDiscountPercent: 0 })).toMatchObject({
      amountDue: 295,
      percentOff: 0,
    });
  });

  test("only a signed-in customer known to be returning is returning", () => {
    expect(isReturningCustomer(null)).toBe(false);
    expect(isReturningCustomer({ isNewCustomer: true })).toBe(false);
    expect(isReturningCustomer({ isNewCustomer: false })).toBe(true);
  });

  test("amounts from a browser match only to the cent", () => {
    expect(sameAmount(148, 148)).toBe(true);
    expect(sameAmount("148.00", 148)).toBe(true);
    expect(sameAmount("148.001", 148)).toBe(true);
    expect(sameAmount(147.99, 148)).toBe(false);
    expect(sameAmount("abc", 148)).toBe(false);
  });
});

describe("payment plans", () => {
  test("instalments add up to the total, the odd cents on the first payment", () => {
    expect(instalments(648, 2)).toEqual([32400, 32400]);
    expect(instalments(148, 3)).toEqual([4934, 4933, 4933]);
    for (const total of [38, 148, 172, 648, 1295]) for (const n of [2, 3, 4]) expect(instalments(total, n).reduce((a, b) => a + b, 0)).toBe(total * 100);
  });
});

describe("crypto addresses", () => {
  test("in the dialog's order, with an empty address hiding its coin", () => {
    const all = cryptoAddresses({ btcAddress: "bc1-test", ethAddress: "0x-test", usdcSolAddress: "sol-test" });
    expect(all.map((a) => `${a.coin} (${a.network})`)).toEqual(["Bitcoin (Bitcoin network)", "Ethereum (ERC-20 network)", "USDC (Solana network)"]);
    expect(cryptoAddresses({ btcAddress: "bc1-test", ethAddress: "  ", usdcSolAddress: "sol-test" }).map((a) => a.coin)).toEqual(["Bitcoin", "USDC"]);
  });
});

describe("reference codes", () => {
  test("look like PAY-XXXX-XXXX without look-alike characters", () => {
    for (let i = 0; i < 200; i++) expect(newReferenceCode()).toMatch(referenceCodePattern);
    expect(newReferenceCode(() => new Uint8Array(8))).toBe("PAY-AAAA-AAAA");
    expect(newReferenceCode()).not.toBe(newReferenceCode());
  });
});

describe("judging a capture", () => {
  const expected = { amount: "148.00", currency: "USD" };
  const capture = (status: string, amount = "148.00", currency = "USD") => ({ capture: { status, amount, currency } });

  test("paid only when the capture itself is COMPLETED for our amount and currency", () => {
    expect(judgeCapture(capture("COMPLETED"), expected)).toEqual({ outcome: "completed" });
    expect(judgeCapture(capture("COMPLETED", "148"), expected)).toEqual({ outcome: "completed" });
  });
  test("a declined or failed capture is declined", () => {
    expect(judgeCapture(capture("DECLINED"), expected)).toEqual({ outcome: "declined" });
    expect(judgeCapture(capture("FAILED"), expected)).toEqual({ outcome: "declined" });
  });
  test("anything else is for review, never paid", () => {
    expect(judgeCapture(capture("PENDING"), expected).outcome).toBe("review");
    expect(judgeCapture(capture("COMPLETED", "147.00"), expected)).toEqual({ outcome: "review", reported: "147.00 USD, capture COMPLETED" });
    expect(judgeCapture(capture("COMPLETED", "148.00", "AUD"), expected).outcome).toBe("review");
    expect(judgeCapture({ capture: null }, expected).outcome).toBe("review");
  });
});
