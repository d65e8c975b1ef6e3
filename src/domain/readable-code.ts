/**
 * Random codes that people read aloud and type (order numbers, payment references, referral codes):
 * eight characters from an alphabet without look-alikes, drawn from a CSPRNG, written as two groups
 * of four.
 */

/** Where the randomness comes from: `n` bytes; tests pass their own. */
export type RandomBytes = (n: number) => Uint8Array;

const cryptoBytes: RandomBytes = (n) => crypto.getRandomValues(new Uint8Array(n));

/**
 * Eight characters of `alphabet` in two groups of four ("K7QX-M4PD"). Rejection sampling keeps
 * every character equally likely: bytes at or above the largest multiple of the alphabet's length
 * are skipped rather than folded onto its first letters.
 */
export function readableCode(alphabet: string, random: RandomBytes = cryptoBytes): string {
  const chars: string[] = [];
  const limit = 256 - (256 % alphabet.length);
  while (chars.length < 8) {
    for (const byte of random(16)) {
      if (byte < limit && chars.length < 8) chars.push(alphabet[byte % alphabet.length] as string);
    }
  }
  return `${chars.slice(0, 4).join("")}-${chars.slice(4).join("")}`;
}
