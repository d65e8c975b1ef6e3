/**
 * What stands between the site and real business ("Before you go live", decision 037): the
 * placeholder business details the site ships with, and the configuration a live site needs.
 *
 * A setting is a placeholder while it still holds the value the site shipped with (its default in
 * shared/settings.ts: clearly fake numbers and addresses), or, for
 * the e-mail, while it is at an example domain that can never receive mail (RFC 2606). Nothing is
 * stored to say so: saving any other value, or emptying the field, makes it real.
 *
 * A shipped value that may well be the owner's own (the business's name, the currency) is asked
 * about until the owner has saved that setting once, or kept it from the checklist; a line for
 * something the business does not use (PayPal, crypto) can be set aside as not used, with a reason.
 * Both marks are the owner's, audited and undone from the checklist (decision 074).
 */
import {
  defaultSettings,
  type PlaceholderSettingKey,
  type SettingDeclaration,
  type SettingKey,
  type Settings,
  settingDeclarations,
  settingKeys,
} from "./settings";
import { z } from "./zod-mini";

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
  /** MAIL_FROM, which overrides the sender of every message ("Name <address>" or an address). */
  mailFrom?: string | undefined;
  paypalConfigured: boolean;
  paypalSandbox: boolean;
  /**
   * Where the owner's browser reaches the running site (the origin of the page asking), when
   * known: PUBLIC_URL is judged against it, so a site served over https behind a proxy is told
   * the address to put in PUBLIC_URL.
   */
  servedAt?: string | undefined;
};

/** How an owner may set a line aside: the business does not use it, or keeps the shipped value as its own. */
export const goLiveMarkKinds = ["not_used", "kept"] as const;
export type GoLiveMarkKind = (typeof goLiveMarkKinds)[number];

/** One line of the checklist: what is missing and where it is set (a link into the portal, or an environment variable). */
export type GoLiveItem = {
  key: string;
  title: string;
  detail: string;
  /** A portal address where the owner sets it. */
  href?: string;
  /** The environment variable(s) the server is started with. */
  envVar?: string;
  /** What the variable holds now, when it is set but not right: the line asks to change it, not to set it. */
  current?: string;
  /** How the owner may set the line aside, when they may. */
  setAside?: GoLiveMarkKind;
};

/** An owner's mark on a line: how, why, by whom and when (an ISO instant). */
export type GoLiveMark = { kind: GoLiveMarkKind; reason: string; by: string; at: string };
/** A line still true that the owner set aside, with their mark. */
export type GoLiveSetAside = GoLiveItem & { mark: GoLiveMark };

/** What the owner has done that the settings alone cannot say: which settings they have saved at least once. */
export type GoLiveHistory = { savedSettings: ReadonlySet<string> };

const settingsLink = (key: string) => `/admin/settings#setting-${key}`;

const localHost = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;
/** Whether an address can only be reached from the machine itself (a trial run). */
function isLocalAddress(url: URL): boolean {
  return localHost.test(url.hostname) || url.hostname.endsWith(".localhost");
}

function parsedUrl(value: string | undefined): URL | null {
  if (!value) return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** The line about PUBLIC_URL, judged from its value and from where the owner reaches the site; null when it is right. */
function publicUrlItem(env: GoLiveEnvironment): GoLiveItem | null {
  const served = parsedUrl(env.servedAt);
  // The address the owner is using, when it is one customers could use too.
  const realServed = served && served.protocol === "https:" && !isLocalAddress(served) ? served.origin : null;
  const configured = parsedUrl(env.publicUrl);
  if (!configured) {
    return {
      key: "publicUrl",
      title: "Set the site's public address",
      detail: realServed
        ? `Links in e-mails point at localhost until the server knows its address: you are using the site at ${realServed}, so start it with PUBLIC_URL=${realServed}.`
        : "Links in e-mails point at localhost until the server knows its address, such as https://www.example-investigations.com.au.",
      envVar: "PUBLIC_URL",
    };
  }
  const current = configured.origin;
  if (isLocalAddress(configured)) {
    return {
      key: "publicUrl",
      title: "Give the site its public address",
      detail: `PUBLIC_URL is ${current}, an address only this machine can open: links in customers' e-mails lead nowhere.${realServed ? ` You are using the site at ${realServed}: put that in PUBLIC_URL.` : " Put the site's https address in it before going live."}`,
      envVar: "PUBLIC_URL",
      current,
    };
  }
  if (configured.protocol !== "https:") {
    const sameHostOnHttps = realServed && served?.hostname === configured.hostname;
    return {
      key: "publicUrl",
      title: "Serve the site over https",
      detail: sameHostOnHttps
        ? `PUBLIC_URL is ${current}, but you are using the site at ${realServed}: put ${realServed} in PUBLIC_URL, so links and sign-in cookies are secure.`
        : `PUBLIC_URL is ${current}; sign-in cookies are only marked secure on an https address.`,
      envVar: "PUBLIC_URL",
      current,
    };
  }
  return null;
}

/** The address part of "Name <address>" or of a bare address. */
function addressOf(sender: string): string {
  return (/<([^<>]+)>\s*$/.exec(sender)?.[1] ?? sender).trim();
}

/** Every line still open, in the order to do them; an empty list means the site is ready. */
export function goLiveChecklist(settings: Settings, env: GoLiveEnvironment, history: GoLiveHistory = { savedSettings: new Set() }): GoLiveItem[] {
  const items: GoLiveItem[] = [];
  const placeholder = (key: PlaceholderSettingKey) => isPlaceholder(settings, key);

  const publicUrl = publicUrlItem(env);
  if (publicUrl) items.push(publicUrl);
  if (!env.smtpConfigured) {
    items.push({
      key: "smtp",
      title: "Connect a mail server",
      detail: "No e-mail leaves the site: confirmations, password resets and your alerts are only written to the log.",
      envVar: "SMTP_URL",
    });
  }
  // MAIL_FROM replaces the sender of every message; without it mail is sent from the e-mail setting (the next line).
  if (env.mailFrom && isExampleAddress(addressOf(env.mailFrom))) {
    items.push({
      key: "mailSender",
      title: "Send mail from a real address",
      detail: `Every e-mail is sent from ${addressOf(env.mailFrom)}, an example address: mail providers reject or bin it, and customers cannot trust it.`,
      envVar: "MAIL_FROM",
      current: env.mailFrom,
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
            current: businessEmail,
          }
        : {
            key: "email",
            title: "Enter the business's e-mail address",
            detail: `New orders, bookings and enquiries go to ${businessEmail}, where no mail arrives, customers cannot see an address to write to${env.mailFrom ? "" : ", and every e-mail is sent from it"}.`,
            href: settingsLink("email"),
          },
    );
  }
  // Shipped values that may be the owner's own: asked about until saved once (decisions 037, 074).
  const asked = (key: SettingKey) => {
    const shipped = (settingDeclarations[key] as SettingDeclaration).shipped;
    if (!shipped || history.savedSettings.has(key) || JSON.stringify(settings[key]) !== JSON.stringify(defaultSettings[key])) return;
    items.push({
      key,
      title: shipped.title,
      detail: `${settingDeclarations[key].label} is ${String(settings[key])}, as the site ships: ${shipped.why}`,
      href: settingsLink(key),
      setAside: "kept",
    });
  };
  asked("businessName");
  if (placeholder("phone")) {
    items.push({
      key: "phone",
      title: "Enter the business's phone number",
      detail: `${settings.phone} is a made-up number; customers see no phone number until you enter yours.`,
      href: settingsLink("phone"),
    });
  }
  // Without an ABN no GST is recorded and no invoice is a tax invoice (decision 068), whatever the switch says.
  if (settings.gstEnabled && settings.abn.trim() === "") {
    items.push({
      key: "abn",
      title: "Enter your ABN, or turn GST off",
      detail:
        "GST is switched on, but without an ABN no GST is shown and invoices are not tax invoices. A business not registered for GST turns the switch off.",
      href: settingsLink("abn"),
    });
  }
  asked("currency");
  if (placeholder("bankBsb") || placeholder("bankAccountNumber")) {
    items.push({
      key: "bank",
      title: "Enter the bank account for transfers",
      detail: "The BSB or account number is made up, so customers cannot choose bank transfer at the checkout until you enter yours.",
      href: settingsLink(placeholder("bankBsb") ? "bankBsb" : "bankAccountNumber"),
      setAside: "not_used",
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
      setAside: "not_used",
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
      setAside: "not_used",
    });
  }
  if (!env.paypalConfigured) {
    items.push({
      key: "paypal",
      title: "Connect PayPal for card payments",
      detail: "Customers cannot pay by PayPal or card; the checkout offers the manual methods only.",
      envVar: "PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET",
      setAside: "not_used",
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

/** The lines an owner may set aside, and how: what the API accepts. */
export const goLiveSetAsideKeys = ["businessName", "currency", "bank", "crypto", "messaging", "paypal"] as const;
export type GoLiveSetAsideKey = (typeof goLiveSetAsideKeys)[number];

/**
 * Splits the open lines into those still to do and those the owner set aside; a mark whose line is
 * no longer open (PayPal connected since) is simply not shown. A sandbox PayPal line is never set
 * aside by a "not used" mark: money would go to the test system.
 */
export function applyGoLiveMarks(items: readonly GoLiveItem[], marks: ReadonlyMap<string, GoLiveMark>): { open: GoLiveItem[]; setAside: GoLiveSetAside[] } {
  const open: GoLiveItem[] = [];
  const setAside: GoLiveSetAside[] = [];
  for (const item of items) {
    const mark = marks.get(item.key);
    if (mark && item.setAside === mark.kind) setAside.push({ ...item, mark });
    else open.push(item);
  }
  return { open, setAside };
}

export const goLiveMessages = {
  reasonRequired: "Say in a few words why, for whoever reads the checklist next",
  reasonTooLong: "Keep the reason under 200 characters",
  notOnList: "That line is not on the checklist now: reload the dashboard.",
  notThatMark: "That line cannot be set aside that way.",
  notSetAside: "That line is not set aside.",
};

/** POST /api/admin/go-live/{line}/set-aside: how and why. */
export const goLiveSetAsideSchema = z.object({
  mark: z.enum(goLiveMarkKinds, goLiveMessages.notThatMark),
  reason: z
    .string(goLiveMessages.reasonRequired)
    .check(z.trim(), z.minLength(1, goLiveMessages.reasonRequired), z.maxLength(200, goLiveMessages.reasonTooLong)),
});
export type GoLiveSetAsideInput = z.output<typeof goLiveSetAsideSchema>;
