/**
 * What every e-mail shares. The site sends plain text only: it reads well in every mail client and
 * carries no markup, so there is no HTML to escape. What a visitor typed is still quoted through
 * `oneLine`, so it cannot add lines that read as the business's own words.
 */

/** The body of an e-mail from its lines, in order. */
export function plainText(lines: readonly string[]): string {
  return lines.join("\n");
}

/** Kept for templates not yet typed with `VisitorText`: the same sanitiser. */
export { visitorText as oneLine } from "../visitor-text";

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
