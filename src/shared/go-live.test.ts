import { describe, expect, test } from "bun:test";
import { customerFacingSettings, type GoLiveEnvironment, goLiveChecklist, isPlaceholder } from "./go-live";
import { defaultSettings, type Settings } from "./settings";

const real: Partial<Settings> = {
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
const keys = (s: Settings, env: GoLiveEnvironment) => goLiveChecklist(s, env).map((i) => i.key);

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
    expect(items.map((i) => i.key)).toEqual(["publicUrl", "smtp", "email", "phone", "bank", "crypto", "messaging", "paypal"]);
    // Each line says where it is set: a settings field or an environment variable.
    expect(items.map((i) => i.href ?? i.envVar)).toEqual([
      "PUBLIC_URL",
      "SMTP_URL",
      "/admin/settings#setting-email",
      "/admin/settings#setting-phone",
      "/admin/settings#setting-bankBsb",
      "/admin/settings#setting-btcAddress",
      "/admin/settings#setting-signal",
      "PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET",
    ]);
    expect(items.find((i) => i.key === "crypto")?.detail).toContain("Bitcoin, Ethereum, USDC addresses are made up");
  });

  test("a site with every detail set and everything configured is ready: the list is empty", () => {
    expect(goLiveChecklist(settings(), live)).toEqual([]);
  });

  test("each line goes once its own thing is set", () => {
    expect(keys(settings({ phone: defaultSettings.phone }), live)).toEqual(["phone"]);
    expect(keys(settings({ bankAccountNumber: defaultSettings.bankAccountNumber }), live)).toEqual(["bank"]);
    expect(keys(settings({ ethAddress: defaultSettings.ethAddress }), live)).toEqual(["crypto"]);
    expect(goLiveChecklist(settings({ ethAddress: defaultSettings.ethAddress }), live)[0]?.href).toBe("/admin/settings#setting-ethAddress");
    expect(keys(settings({ messenger: defaultSettings.messenger }), live)).toEqual(["messaging"]);
    expect(keys(settings(), { ...live, publicUrl: undefined })).toEqual(["publicUrl"]);
    expect(keys(settings(), { ...live, smtpConfigured: false })).toEqual(["smtp"]);
  });

  test("an http public address asks for https; PayPal in sandbox asks for live", () => {
    const http = goLiveChecklist(settings(), { ...live, publicUrl: "http://pi.example" });
    expect(http.map((i) => [i.key, i.title])).toEqual([["publicUrl", "Serve the site over https"]]);
    const sandbox = goLiveChecklist(settings(), { ...live, paypalSandbox: true });
    expect(sandbox.map((i) => [i.key, i.envVar])).toEqual([["paypal", "PAYPAL_API_BASE"]]);
  });

  test("the business's mail address: BUSINESS_EMAIL wins over the setting, either way", () => {
    expect(keys(settings({ email: defaultSettings.email }), { ...live, businessEmailOverride: "owner@adelaide-discreet.com.au" })).toEqual([]);
    const override = goLiveChecklist(settings(), { ...live, businessEmailOverride: "owner@example.com" });
    expect(override.map((i) => [i.key, i.envVar])).toEqual([["email", "BUSINESS_EMAIL"]]);
  });
});
