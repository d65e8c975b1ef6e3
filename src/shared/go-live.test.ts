import { describe, expect, test } from "bun:test";
import { applyGoLiveMarks, customerFacingSettings, type GoLiveEnvironment, type GoLiveMark, goLiveChecklist, isPlaceholder } from "./go-live";
import { defaultSettings, type Settings } from "./settings";

const real: Partial<Settings> = {
  abn: "51824753556",
  phone: "+61 8 8123 4567",
  email: "cases@adelaide-discreet.com.au",
  bankBsb: "065-000",
  bankAccountNumber: "12345678",
  btcAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  ethAddress: "0x52908400098527886E0F7030069857D2E4169EE7",
  usdcSolAddress: "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
  signal: "+61 400 123 456",
  whatsapp: "",
  messenger: "adelaide.discreet",
};
const live: GoLiveEnvironment = {
  publicUrl: "https://www.adelaide-discreet.com.au",
  smtpConfigured: true,
  businessEmailOverride: undefined,
  paypalConfigured: true,
  paypalSandbox: false,
};
const settings = (over: Partial<Settings> = {}): Settings => ({ ...defaultSettings, ...real, ...over });
/** The owner has saved the business's name and the currency once (as shipped: they are theirs). */
const chosen = { savedSettings: new Set(["businessName", "currency"]) };
const keys = (s: Settings, env: GoLiveEnvironment) => goLiveChecklist(s, env, chosen).map((i) => i.key);

/** The settings that ship with a made-up value. */
const placeholderKeys = [
  "phone",
  "email",
  "bankBsb",
  "bankAccountNumber",
  "btcAddress",
  "ethAddress",
  "usdcSolAddress",
  "signal",
  "whatsapp",
  "messenger",
] as const;

describe("placeholders", () => {
  test("every shipped made-up value is a placeholder; an edited or emptied one is not", () => {
    for (const key of placeholderKeys) {
      expect(isPlaceholder(defaultSettings, key)).toBe(true);
      expect(isPlaceholder(settings(), key)).toBe(false);
      expect(isPlaceholder({ ...defaultSettings, [key]: "" }, key)).toBe(false);
    }
  });

  test("an e-mail at any example domain is a placeholder: no mail arrives there", () => {
    for (const email of ["owner@example.com", "a@mail.example.org", "X@EXAMPLE.NET"]) expect(isPlaceholder(settings({ email }), "email")).toBe(true);
    for (const email of ["owner@example.com.au", "owner@myexample.com"]) expect(isPlaceholder(settings({ email }), "email")).toBe(false);
  });

  test("customers see no made-up detail: placeholders are emptied, real values kept", () => {
    const shown = customerFacingSettings(defaultSettings);
    for (const key of placeholderKeys) expect(shown[key]).toBe("");
    expect(shown.businessName).toBe(defaultSettings.businessName);
    expect(customerFacingSettings(settings())).toEqual(settings());
  });

  test("half a bank account is never shown: a placeholder BSB empties the real account number too", () => {
    const shown = customerFacingSettings(settings({ bankBsb: defaultSettings.bankBsb }));
    expect([shown.bankBsb, shown.bankAccountNumber]).toEqual(["", ""]);
  });
});

describe("the go-live checklist", () => {
  test("a fresh install lists everything, in the order to do it", () => {
    const fresh: GoLiveEnvironment = {
      publicUrl: undefined,
      smtpConfigured: false,
      businessEmailOverride: undefined,
      paypalConfigured: false,
      paypalSandbox: false,
    };
    const items = goLiveChecklist(defaultSettings, fresh);
    expect(items.map((i) => i.key)).toEqual([
      "publicUrl",
      "smtp",
      "email",
      "businessName",
      "phone",
      "abn",
      "currency",
      "bank",
      "crypto",
      "messaging",
      "paypal",
    ]);
    // Each line says where it is set: a settings field or an environment variable.
    expect(items.map((i) => i.href ?? i.envVar)).toEqual([
      "PUBLIC_URL",
      "SMTP_URL",
      "/admin/settings#setting-email",
      "/admin/settings#setting-businessName",
      "/admin/settings#setting-phone",
      "/admin/settings#setting-abn",
      "/admin/settings#setting-currency",
      "/admin/settings#setting-bankBsb",
      "/admin/settings#setting-btcAddress",
      "/admin/settings#setting-signal",
      "PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET",
    ]);
    expect(items.find((i) => i.key === "crypto")?.detail).toContain("Bitcoin, Ethereum, USDC addresses are made up");
  });

  test("a site with every detail set and everything configured is ready: the list is empty", () => {
    expect(goLiveChecklist(settings(), live, chosen)).toEqual([]);
  });

  test("each line goes once its own thing is set", () => {
    expect(keys(settings({ phone: defaultSettings.phone }), live)).toEqual(["phone"]);
    expect(keys(settings({ bankAccountNumber: defaultSettings.bankAccountNumber }), live)).toEqual(["bank"]);
    expect(keys(settings({ ethAddress: defaultSettings.ethAddress }), live)).toEqual(["crypto"]);
    expect(goLiveChecklist(settings({ ethAddress: defaultSettings.ethAddress }), live, chosen)[0]?.href).toBe("/admin/settings#setting-ethAddress");
    expect(keys(settings({ messenger: defaultSettings.messenger }), live)).toEqual(["messaging"]);
    expect(keys(settings(), { ...live, publicUrl: undefined })).toEqual(["publicUrl"]);
    expect(keys(settings(), { ...live, smtpConfigured: false })).toEqual(["smtp"]);
  });

  test("an http public address asks for https; PayPal in sandbox asks for live", () => {
    const http = goLiveChecklist(settings(), { ...live, publicUrl: "http://pi.example" }, chosen);
    expect(http.map((i) => [i.key, i.title])).toEqual([["publicUrl", "Serve the site over https"]]);
    const sandbox = goLiveChecklist(settings(), { ...live, paypalSandbox: true }, chosen);
    expect(sandbox.map((i) => [i.key, i.envVar])).toEqual([["paypal", "PAYPAL_API_BASE"]]);
  });

  test("the business's mail address: BUSINESS_EMAIL wins over the setting, either way", () => {
    expect(keys(settings({ email: defaultSettings.email }), { ...live, businessEmailOverride: "owner@adelaide-discreet.com.au" })).toEqual([]);
    const override = goLiveChecklist(settings(), { ...live, businessEmailOverride: "owner@example.com" }, chosen);
    expect(override.map((i) => [i.key, i.envVar])).toEqual([["email", "BUSINESS_EMAIL"]]);
  });
});

describe("shipped values, the mail sender and the ABN (decision 074)", () => {
  test("the business's name and the currency are asked about until the owner has saved them once, or changed them", () => {
    expect(keys(settings(), live)).toEqual([]);
    const unsaved = goLiveChecklist(settings(), live);
    expect(unsaved.map((i) => [i.key, i.title, i.setAside])).toEqual([
      ["businessName", "Enter your business's name", "kept"],
      ["currency", "Choose the currency", "kept"],
    ]);
    expect(unsaved[0]?.detail).toContain("Business name is Adelaide Discreet Investigations, as the site ships");
    expect(unsaved[1]?.detail).toContain("Currency is USD, as the site ships");
    // Changed in Settings (and so saved), neither is asked about, saved or not.
    expect(goLiveChecklist(settings({ businessName: "Harbour Lane Inquiries", currency: "AUD" }), live)).toEqual([]);
    // Saved once as shipped: the owner chose it.
    expect(goLiveChecklist(settings(), live, { savedSettings: new Set(["currency"]) }).map((i) => i.key)).toEqual(["businessName"]);
  });

  test("GST switched on without an ABN is a line; with an ABN, or GST off, it goes", () => {
    expect(keys(settings({ abn: "" }), live)).toEqual(["abn"]);
    expect(keys(settings({ abn: "", gstEnabled: false }), live)).toEqual([]);
  });

  test("MAIL_FROM at an example domain is a line naming the variable and what it holds; a real one is not", () => {
    const items = goLiveChecklist(settings(), { ...live, mailFrom: "Site <site@example.com>" }, chosen);
    expect(items.map((i) => [i.key, i.envVar, i.current])).toEqual([["mailSender", "MAIL_FROM", "Site <site@example.com>"]]);
    expect(items[0]?.detail).toContain("sent from site@example.com");
    expect(keys(settings(), { ...live, mailFrom: "Harbour Lane <mail@harbourlane.com.au>" })).toEqual([]);
    // Without MAIL_FROM, mail is sent from the e-mail setting: its line says so.
    expect(goLiveChecklist(settings({ email: "enquiries@example.com" }), live, chosen)[0]?.detail).toContain("every e-mail is sent from it");
  });
});

describe("PUBLIC_URL, judged from the running site", () => {
  test("set but not right, the line says what it holds, so it is changed, not set", () => {
    const local = goLiveChecklist(settings(), { ...live, publicUrl: "http://localhost:3000" }, chosen);
    expect(local.map((i) => [i.key, i.envVar, i.current])).toEqual([["publicUrl", "PUBLIC_URL", "http://localhost:3000"]]);
    expect(local[0]?.title).toBe("Give the site its public address");
    const http = goLiveChecklist(settings(), { ...live, publicUrl: "http://pi.example" }, chosen);
    expect(http[0]?.current).toBe("http://pi.example");
    // Unset, it is to be set: nothing is there to change.
    expect(goLiveChecklist(settings(), { ...live, publicUrl: undefined }, chosen)[0]?.current).toBeUndefined();
  });

  test("the address the owner's browser uses is offered: over https behind a proxy, it is what PUBLIC_URL should say", () => {
    const servedAt = "https://www.harbourlane.com.au";
    expect(goLiveChecklist(settings(), { ...live, publicUrl: undefined, servedAt }, chosen)[0]?.detail).toContain(`PUBLIC_URL=${servedAt}`);
    expect(goLiveChecklist(settings(), { ...live, publicUrl: "http://www.harbourlane.com.au", servedAt }, chosen)[0]?.detail).toContain(
      `you are using the site at ${servedAt}: put ${servedAt} in PUBLIC_URL`,
    );
    expect(goLiveChecklist(settings(), { ...live, publicUrl: "http://127.0.0.1:3000", servedAt }, chosen)[0]?.detail).toContain(
      `You are using the site at ${servedAt}`,
    );
    // A right https PUBLIC_URL is right wherever the owner happens to open the portal from.
    expect(keys(settings(), { ...live, servedAt: "http://127.0.0.1:3000" })).toEqual([]);
  });
});

describe("lines set aside", () => {
  const mark = (kind: GoLiveMark["kind"]): GoLiveMark => ({ kind, reason: "We take bank transfers only", by: "owner", at: "2026-11-28T00:00:00.000Z" });
  const fresh: GoLiveEnvironment = {
    publicUrl: undefined,
    smtpConfigured: false,
    businessEmailOverride: undefined,
    paypalConfigured: false,
    paypalSandbox: false,
  };

  test("a line marked the way it allows leaves the open list for the set-aside one; any other mark is ignored", () => {
    const items = goLiveChecklist(defaultSettings, fresh);
    const marks = new Map([
      ["paypal", mark("not_used")],
      ["currency", mark("kept")],
      ["crypto", mark("kept")],
      ["smtp", mark("not_used")],
    ]);
    const { open, setAside } = applyGoLiveMarks(items, marks);
    expect(setAside.map((i) => [i.key, i.mark.kind])).toEqual([
      ["currency", "kept"],
      ["paypal", "not_used"],
    ]);
    expect(open.map((i) => i.key)).toEqual(["publicUrl", "smtp", "email", "businessName", "phone", "abn", "bank", "crypto", "messaging"]);
  });

  test("PayPal in sandbox is never set aside by a 'not used' mark: the mark was for a business without PayPal", () => {
    const { open } = applyGoLiveMarks(goLiveChecklist(settings(), { ...live, paypalSandbox: true }, chosen), new Map([["paypal", mark("not_used")]]));
    expect(open.map((i) => i.key)).toEqual(["paypal"]);
  });
});
