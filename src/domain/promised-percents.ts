/**
 * Percentages and payment methods the site's texts promise. The owner writes `{newClientDiscount}`
 * or `{cryptoDiscount}` in a text and the page shows the setting's figure, so a text can never
 * promise a discount other than the one the prices apply. A figure typed straight before "off" or
 * "discount" is refused by the content editor (`typedPercentOff`). `{paymentMethods}` becomes the
 * ways to pay on offer ("card, PayPal or cash deposit").
 *
 * A promise of the crypto discount is kept only while cryptocurrency is on offer (decision 067):
 * otherwise the clause that makes it (", and a further {cryptoDiscount}% off ...") is left out, or
 * the whole sentence when the promise is all it says.
 */
import type { Settings } from "../shared/settings";
import { cryptoOnOffer, type MethodsOnOffer, paymentMethodsPhrase } from "./payment-methods";

/** The placeholders a text may use, and the setting each one reads. */
export const percentPlaceholders = {
  newClientDiscount: "newClientDiscountPercent",
  cryptoDiscount: "cryptoDiscountPercent",
} as const satisfies Record<string, keyof Settings>;

type PercentSettings = Pick<Settings, (typeof percentPlaceholders)[keyof typeof percentPlaceholders]>;

const placeholder = /\{(newClientDiscount|cryptoDiscount)\}/g;

/** A percentage as the site writes it: "50", "12.5". */
const percent = (n: number) => String(Math.round(n * 100) / 100);

/**
 * Texts the site once shipped that promise a payment method in words rather than through a
 * placeholder; a site still holding one reads it as the text now shipped (src/db/seed/content.ts),
 * so it says only what is on offer.
 */
export const formerlyShippedTexts: Readonly<Record<string, string>> = {
  "For extra privacy you can pay in cryptocurrency: nothing appears on your bank or card statement, and crypto payments receive an additional discount.":
    "Pay in cryptocurrency for a further {cryptoDiscount}% off and extra privacy: nothing appears on your bank or card statement.",
  "We accept cryptocurrency (Bitcoin, Ethereum, USDC), PayPal and card payments, and cash deposits. Interest-free payment plans are available.":
    "We accept {paymentMethods}. Interest-free payment plans are available.",
  "Encrypted checkout: pay by card, PayPal, cryptocurrency or cash deposit.": "Encrypted checkout: pay by {paymentMethods}.",
};

/** `text` without the clauses or sentences promising the crypto discount. */
function withoutCryptoPromise(text: string): string {
  if (!text.includes("{cryptoDiscount}")) return text;
  const sentences = text.match(/[^.!?]+[.!?]*\s*/g) ?? [text];
  return sentences
    .map((sentence) => {
      if (!sentence.includes("{cryptoDiscount}")) return sentence;
      const clauses = sentence.split(",");
      const at = clauses.findIndex((c) => c.includes("{cryptoDiscount}"));
      // The promise is the sentence's first clause: the sentence goes.
      if (at <= 0) return "";
      const end = /[.!?]\s*$/.exec(sentence)?.[0] ?? "";
      return clauses.slice(0, at).join(",").trimEnd() + end;
    })
    .join("")
    .trim();
}

/** `text` with each placeholder replaced by its setting's figure, and no promise for a method not on offer. */
export function fillPercents(text: string, settings: PercentSettings, on: MethodsOnOffer): string {
  const written = formerlyShippedTexts[text] ?? text;
  return (cryptoOnOffer(on) ? written : withoutCryptoPromise(written))
    .replace(placeholder, (_, name: keyof typeof percentPlaceholders) => percent(settings[percentPlaceholders[name]]))
    .replaceAll("{paymentMethods}", paymentMethodsPhrase(on));
}

/** Every string inside `value` (objects and lists walked) with its placeholders filled. */
export function fillPercentsDeep<T>(value: T, settings: PercentSettings, on: MethodsOnOffer): T {
  if (typeof value === "string") return fillPercents(value, settings, on) as T;
  if (Array.isArray(value)) return value.map((v) => fillPercentsDeep(v, settings, on)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillPercentsDeep(v, settings, on)])) as T;
  }
  return value;
}

/** Whether `text` types a discount figure ("15% off", "20 % discount") instead of a placeholder. */
export function typedPercentOff(text: string): boolean {
  return /\d\s*%\s*(off|discount)/i.test(text);
}
