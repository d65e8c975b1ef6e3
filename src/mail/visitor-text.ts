/**
 * What a visitor typed, made safe to quote in a message: one line, control and invisible
 * characters removed, length capped. Templates take `VisitorText` where they quote a visitor's
 * words; a raw string does not satisfy it, so a template cannot be handed unsanitised text by
 * forgetting to call `visitorText`.
 */

declare const visitorTextBrand: unique symbol;

/** A visitor's text after `visitorText`: one line, no control or invisible characters, capped. */
export type VisitorText = string & { readonly [visitorTextBrand]: true };

const controlCharacters = /[\p{Cc}\u2028\u2029]+/gu;
// Bidi overrides, zero-width joiners and other invisible characters that could disguise text.
const formatCharacters = /\p{Cf}/gu;

/**
 * Text a visitor typed (a name, an address line, a phone number), made safe to quote on one line
 * of an e-mail: line breaks, tabs and other control characters become spaces, invisible format
 * characters are dropped, runs of spaces collapse, and it is cut to `max` characters. It stays the
 * value of the line it is on, so it cannot start paragraphs of its own ("Your payment failed...").
 */
export function visitorText(value: string | null | undefined, max = 200): VisitorText {
  const text = (value ?? "").replace(controlCharacters, " ").replace(formatCharacters, "").replace(/\s+/g, " ").trim();
  return (text.length > max ? `${text.slice(0, max - 1)}…` : text) as VisitorText;
}

/** The same for an optional field: null stays null, so a template can leave its line out. */
export function optionalVisitorText(value: string | null | undefined, max = 200): VisitorText | null {
  if (value == null) return null;
  const text = visitorText(value, max);
  return text === "" ? null : text;
}
