/**
 * What every e-mail shares. The site sends plain text only: it reads well in every mail client and
 * carries no markup, so there is no HTML to escape. What a visitor typed reaches a template
 * only as `VisitorText` (../visitor-text.ts), so it cannot add lines that read as the business's own words.
 */

/** The body of an e-mail from its lines, in order. */
export function plainText(lines: readonly string[]): string {
  return lines.join("\n");
}
