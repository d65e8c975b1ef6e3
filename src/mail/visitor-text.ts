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

declare const quotedVisitorTextBrand: unique symbol;

/** A visitor's message after `quotedVisitorText`: its lines each quoted ("> "), cleaned and capped. */
export type QuotedVisitorText = string & { readonly [quotedVisitorTextBrand]: true };

const lineBreaks = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/;

/**
 * A message a visitor wrote over several lines (an enquiry), quoted in a message to the business.
 * Its paragraphs are kept, since flattening a letter to one line makes it unreadable, but every
 * line is marked as the visitor's ("> ", as mail clients quote a reply), so no line of it can pass
 * for the business's own words or for a field of the notice ("Bcc: ...", "Reply here: https://...").
 * Each line is cleaned as `visitorText` cleans one, runs of blank lines become one, and the whole is
 * cut to `max` characters of the visitor's text.
 */
export function quotedVisitorText(value: string | null | undefined, max = 5000): QuotedVisitorText {
  const lines: string[] = [];
  for (const raw of (value ?? "").split(lineBreaks)) {
    const line: string = visitorText(raw, Number.MAX_SAFE_INTEGER);
    if (line !== "" || (lines.length > 0 && lines.at(-1) !== "")) lines.push(line);
  }
  while (lines.at(-1) === "") lines.pop();
  const kept: string[] = [];
  let left = max;
  for (const line of lines) {
    if (line.length > left) {
      kept.push(`${line.slice(0, Math.max(left - 1, 0))}…`);
      break;
    }
    kept.push(line);
    left -= line.length;
  }
  return kept.map((line) => (line ? `> ${line}` : ">")).join("\n") as QuotedVisitorText;
}
