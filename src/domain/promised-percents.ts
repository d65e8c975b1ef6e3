/**
 * Percentages and payment methods the site's texts promise. The owner writes `{newClientDiscount}`
 * or `{cryptoDiscount}` in a text and the page shows the setting's figure, so a text can never
 * promise a discount other than the one the prices apply. A figure typed straight before "off" or
 * "discount" is refused by the content editor (`typedPercentOff`). `{paymentMethods}` becomes the
 * ways to pay on offer ("card, PayPal or cash deposit").
 *
 * A promise of the crypto discount is kept only while cryptocurrency is on offer (decision 067):
 * otherwise the clause that makes it (", and a further {cryptoDiscount}% off ...") is left out, or
 * the whole sentence when the promise is all it says. A promise of payment plans is kept only while
 * the owner offers them (`paymentPlansEnabled`, decision 087): otherwise each sentence making it is
 * left out, and the words the screens and e-mails write themselves (`planPromise`) are not shown.
 */
import type { Settings } from "../shared/settings";
import { cryptoOnOffer, type MethodsOnOffer, paymentMethodsPhrase } from "./payment-methods";

/** The placeholders a text may use, and the setting each one reads. */
export const percentPlaceholders = {
  newClientDiscount: "newClientDiscountPercent",
  cryptoDiscount: "cryptoDiscountPercent",
} as const satisfies Record<string, keyof Settings>;

type PercentSettings = Pick<Settings, (typeof percentPlaceholders)[keyof typeof percentPlaceholders] | "paymentPlansEnabled">;

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
  // Plans are offered above the owner's minimum and for the services chosen, never for "any service" (decision 085).
  "Split any service into 2, 3 or 4 payments. No credit check, 0% interest.":
    "Split a larger booking into 2, 3 or 4 payments: when you pay, we show the plans it can have. No credit check, 0% interest.",
  // The shop never had a bulk discount: the promotion says only what is true (decision 083).
  "New in our shop: OSINT tools and professional surveillance equipment. Bulk discounts available.":
    "New in our shop: OSINT tools and professional surveillance equipment.",
};

/**
 * The rules that keep a promise of money off or of easier paying, each with what applies it. A text
 * may promise only what one of these gives (the test of every shipped text and setting checks it).
 */
export const promiseRules = {
  newClient: "the new-client discount: newClientDiscountPercent, taken off by priceService",
  crypto: "the cryptocurrency discount: cryptoDiscountPercent, taken off by priceService and priceOrder",
  volume: "the volume table: the pricing table's volume rows, taken off a booking by its days (priceService)",
  plans: "interest-free payment plans: paymentPlansEnabled, equal instalments with no interest",
} as const;
export type PromiseRule = keyof typeof promiseRules;

/** Words that promise money off or easier paying. */
const promiseWords = /%\s*off|discount|\bbulk\b|\bvolume\b|interest[- ]free|0%\s*interest|payment plan/i;

/** What names each rule in the words of a promise. */
const ruleMarks: readonly [PromiseRule, RegExp][] = [
  ["plans", /payment plan|interest[- ]free|0%\s*interest|instal?ments?/i],
  ["crypto", /\{cryptoDiscount\}|crypto/i],
  ["newClient", /\{newClientDiscount\}|new[- ]clients?\b/i],
  ["volume", /\bvolume\b|longer engagements/i],
];

/** One promise in a text: the clause that makes it and the rules it names (none: a promise nothing keeps). */
export type PromiseFound = { clause: string; rules: PromiseRule[] };

/**
 * The promises `text` makes: every clause (a sentence's parts between commas, colons, semicolons
 * and "and") that speaks of money off or of payment plans, with the rules it names. A clause is
 * judged on its own, so "Bulk discounts available" beside a new-client offer is still a promise
 * without a rule.
 */
export function promisesIn(text: string): PromiseFound[] {
  const clauses = text.split(/[.!?](?:\s+|$)|[,;:]|\s+and\s+/);
  return clauses
    .map((c) => c.trim())
    .filter((c) => promiseWords.test(c))
    .map((clause) => ({ clause, rules: ruleMarks.filter(([, mark]) => mark.test(clause)).map(([rule]) => rule) }));
}

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

/**
 * The words the payment dialog, the booking's page and the e-mails promise a plan with, written in
 * code rather than in a content section; shown only while `plansPromised` (the test of every
 * promise reads them with the texts).
 */
export const planPromise = "0% interest, no credit check";

/** Whether the site may promise payment plans: only while the owner offers them (decision 087). */
export const plansPromised = (settings: Pick<Settings, "paymentPlansEnabled">): boolean => settings.paymentPlansEnabled;

/**
 * A sentence that promises a plan: it names one ("payment plan", "interest-free", "0% interest",
 * "instalments") or offers to split a price into a number of payments ("2, 3 or 4 payments").
 */
const planSentence = /payment plan|interest[- ]free|0%\s*interest|instal?ments?|\b\d(?:\s*,\s*\d)*(?:\s+or\s+\d)?\s+(?:equal\s+)?payments\b/i;

/** `text` without the sentences promising payment plans (a sentence is the promise's smallest whole part here: "No credit check, 0% interest."). */
function withoutPlanPromise(text: string): string {
  if (!planSentence.test(text)) return text;
  const sentences = text.match(/[^.!?]+[.!?]*\s*/g) ?? [text];
  return sentences
    .filter((sentence) => !planSentence.test(sentence))
    .join("")
    .trim();
}

/** `text` with each placeholder replaced by its setting's figure, and no promise for a method or a plan not on offer. */
export function fillPercents(text: string, settings: PercentSettings, on: MethodsOnOffer): string {
  const known = formerlyShippedTexts[text] ?? text;
  const written = plansPromised(settings) ? known : withoutPlanPromise(known);
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
