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
