/**
 * What every e-mail shares. The site sends plain text only: it reads well in every mail client and
 * carries no markup, so there is no HTML to escape. What a visitor typed is still quoted through
 * `oneLine`, so it cannot add lines that read as the business's own words.
 */

/** The body of an e-mail from its lines, in order. */
export function plainText(lines: readonly string[]): string {
  return lines.join("\n");
}

const controlCharacters = /[\p{Cc}\u2028\u2029]+/gu;
// Bidi overrides, zero-width joiners and other invisible characters that could disguise text.
const formatCharacters = /\p{Cf}/gu;

/**
 * Text a visitor typed (a name, an address line, a phone number), made safe to quote on one line
 * of an e-mail: line breaks, tabs and other control characters become spaces, invisible format
 * characters are dropped, runs of spaces collapse, and it is cut to `max` characters. It stays the
 * value of the line it is on, so it cannot start paragraphs of its own ("Your payment failed...").
 */
export function oneLine(value: string | null | undefined, max = 200): string {
  const text = (value ?? "").replace(controlCharacters, " ").replace(formatCharacters, "").replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * "reply to this e-mail or call +61 8 …", or only "reply to this e-mail" while the business has no
 * real phone number (a placeholder is emptied before it reaches a template, decision 037).
 */
export function replyOrCall(phone: string): string {
  return phone.trim() ? `reply to this e-mail or call ${phone.trim()}` : "reply to this e-mail";
}

/** The same, starting a sentence. */
export function ReplyOrCall(phone: string): string {
  const text = replyOrCall(phone);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
