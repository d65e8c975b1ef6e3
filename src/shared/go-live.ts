/**
 * What stands between the site and real business ("Before you go live", decision 037): the
 * placeholder business details the site ships with, and the configuration a live site needs.
 *
 * A setting is a placeholder while it still holds the value the site shipped with (its default in
 * shared/settings.ts: clearly fake numbers and addresses), or, for
 * the e-mail, while it is at an example domain that can never receive mail (RFC 2606). Nothing is
 * stored to say so: saving any other value, or emptying the field, makes it real.
 */
import { defaultSettings, type PlaceholderSettingKey, type Settings, settingDeclarations, settingKeys } from "./settings";

export type { PlaceholderSettingKey };

/** The settings that ship with a made-up value (their declarations say `placeholder`), in the form's order. */
export const placeholderSettingKeys: readonly PlaceholderSettingKey[] = settingKeys.filter(
  (key): key is PlaceholderSettingKey => settingDeclarations[key].placeholder,
);

const exampleDomain = /@(?:[^@\s]+\.)?example\.(?:com|net|org)$/i;

/** Whether the address is at an example domain (example.com, .net, .org), where no mail arrives. */
export function isExampleAddress(email: string): boolean {
  return exampleDomain.test(email.trim());
}

const phoneKeys = new Set<string>(["phone", "signal", "whatsapp"]);
/** Digits of an Australian number in its international form: "(08) 0000 0000" and "+61 8 0000 0000" are one number. */
const phoneDigits = (value: string) => value.replace(/\D/g, "").replace(/^0(?=\d{9}$)/, "61");
/** Whether two phone numbers are the same however they are spaced or written (national or +61). */
function samePhone(a: string, b: string): boolean {
  return phoneDigits(a) === phoneDigits(b);
}

/** Whether `key` still holds its shipped, made-up value. An empty value is not a placeholder: it hides the detail. */
export function isPlaceholder(settings: Pick<Settings, PlaceholderSettingKey>, key: PlaceholderSettingKey): boolean {
  const value = settings[key].trim();
  if (value === "") return false;
  if (key === "email" && isExampleAddress(value)) return true;
  if (phoneKeys.has(key)) return samePhone(value, defaultSettings[key]);
  return value === defaultSettings[key];
}

/**
 * The settings as customers may see them: every placeholder emptied, so a page or an e-mail shows
 * no made-up detail as if it were real (an empty crypto address hides its coin, an empty account
 * number makes the transfer instructions say the details will follow, an empty phone is left out).
 * A placeholder BSB or account number empties both, so half an account is never shown.
 */
export function customerFacingSettings<S extends Pick<Settings, PlaceholderSettingKey>>(settings: S): S {
  const out = { ...settings };
  for (const key of placeholderSettingKeys) if (isPlaceholder(settings, key)) out[key] = "";
  if (out.bankBsb === "" || out.bankAccountNumber === "") {
    out.bankBsb = "";
    out.bankAccountNumber = "";
  }
  return out;
}

/** The configuration facts the checklist reads from the environment (never the values of secrets). */
export type GoLiveEnvironment = {
  publicUrl: string | undefined;
  smtpConfigured: boolean;
  /** BUSINESS_EMAIL, which overrides the e-mail setting as the address the business's mail goes to. */
  businessEmailOverride: string | undefined;
  paypalConfigured: boolean;
  paypalSandbox: boolean;
};

/** One line of the checklist: what is missing and where it is set (a link into the portal, or an environment variable). */
export type GoLiveItem = {
  key: string;
  title: string;
  detail: string;
  /** A portal address where the owner sets it. */
  href?: string;
  /** The environment variable(s) the server is started with. */
  envVar?: string;
};

const settingsLink = (key: string) => `/admin/settings#setting-${key}`;

/** Every line still open, in the order to do them; an empty list means the site is ready. */
export function goLiveChecklist(settings: Settings, env: GoLiveEnvironment): GoLiveItem[] {
  const items: GoLiveItem[] = [];
  const placeholder = (key: PlaceholderSettingKey) => isPlaceholder(settings, key);

  if (!env.publicUrl) {
    items.push({
      key: "publicUrl",
      title: "Set the site's public address",
      detail: "Links in e-mails point at localhost until the server knows its address, such as https://www.example-investigations.com.au.",
      envVar: "PUBLIC_URL",
    });
  } else if (!env.publicUrl.startsWith("https://")) {
    items.push({
      key: "publicUrl",
      title: "Serve the site over https",
      detail: `The public address is ${env.publicUrl}; sign-in cookies are only marked secure on an https address.`,
      envVar: "PUBLIC_URL",
    });
  }
  if (!env.smtpConfigured) {
    items.push({
      key: "smtp",
      title: "Connect a mail server",
      detail: "No e-mail leaves the site: confirmations, password resets and your alerts are only written to the log.",
      envVar: "SMTP_URL",
    });
  }
  const businessEmail = env.businessEmailOverride ?? settings.email;
  if (isExampleAddress(businessEmail)) {
    items.push(
      env.businessEmailOverride
        ? {
            key: "email",
            title: "Send the business's mail to a real address",
            detail: `New orders, bookings and enquiries go to ${businessEmail}, where no mail arrives.`,
            envVar: "BUSINESS_EMAIL",
          }
        : {
            key: "email",
            title: "Enter the business's e-mail address",
            detail: `New orders, bookings and enquiries go to ${businessEmail}, where no mail arrives, and customers cannot see an address to write to.`,
            href: settingsLink("email"),
          },
    );
  }
  if (placeholder("phone")) {
    items.push({
      key: "phone",
      title: "Enter the business's phone number",
      detail: `${settings.phone} is a made-up number; customers see no phone number until you enter yours.`,
      href: settingsLink("phone"),
    });
  }
  if (placeholder("bankBsb") || placeholder("bankAccountNumber")) {
    items.push({
      key: "bank",
      title: "Enter the bank account for transfers",
      detail: "The BSB or account number is made up, so customers cannot choose bank transfer at the checkout until you enter yours.",
      href: settingsLink(placeholder("bankBsb") ? "bankBsb" : "bankAccountNumber"),
    });
  }
  const coins = (
    [
      ["btcAddress", "Bitcoin"],
      ["ethAddress", "Ethereum"],
      ["usdcSolAddress", "USDC"],
    ] as const
  ).filter(([key]) => placeholder(key));
  const firstCoin = coins[0];
  if (firstCoin) {
    items.push({
      key: "crypto",
      title: "Enter your crypto addresses, or empty them",
      detail: `The ${coins.map(([, name]) => name).join(", ")} ${coins.length === 1 ? "address is" : "addresses are"} made up and hidden from customers until you enter yours.`,
      href: settingsLink(firstCoin[0]),
    });
  }
  const messaging = (
    [
      ["signal", "Signal"],
      ["whatsapp", "WhatsApp"],
      ["messenger", "Messenger"],
    ] as const
  ).filter(([key]) => placeholder(key));
  const firstContact = messaging[0];
  if (firstContact) {
    items.push({
      key: "messaging",
      title: "Enter your messaging contacts, or empty them",
      detail: `${messaging.map(([, name]) => name).join(", ")}: made up and hidden from customers until you enter yours.`,
      href: settingsLink(firstContact[0]),
    });
  }
  if (!env.paypalConfigured) {
    items.push({
      key: "paypal",
      title: "Connect PayPal for card payments",
      detail: "Customers cannot pay by PayPal or card; the checkout offers the manual methods only.",
      envVar: "PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET",
    });
  } else if (env.paypalSandbox) {
    items.push({
      key: "paypal",
      title: "Switch PayPal from sandbox to live",
      detail: "Payments go to PayPal's test system: no real money arrives. Use live credentials and the live address https://api-m.paypal.com.",
      envVar: "PAYPAL_API_BASE",
    });
  }
  return items;
}
