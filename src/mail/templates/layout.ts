/**
 * What every e-mail shares. The site sends plain text only: it reads well in every mail client and
 * carries no markup, so there is nothing to escape; values are written as they are.
 */

/** The body of an e-mail from its lines, in order. */
export function plainText(lines: readonly string[]): string {
  return lines.join("\n");
}
