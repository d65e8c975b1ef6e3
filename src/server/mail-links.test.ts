/** The tokens of e-mail links: open only for their own purpose, under the key that sealed them, unaltered. */
import { expect, test } from "bun:test";
import { maxLinkTokenLength, openLinkToken, sealLinkToken } from "./mail-links.server";
import { secretBox } from "./secret-box.server";

const box = secretBox(new Uint8Array(32).fill(7));

test("a token opens to its payload for its own purpose, and not for another", () => {
  const token = sealLinkToken(box, "back-in-stock", "12:user_abc");
  expect(openLinkToken(box, "back-in-stock", token)).toBe("12:user_abc");
  expect(openLinkToken(box, "review-invitations", token)).toBeNull();
  // The purpose is sealed inside: the token does not show it, nor the payload.
  expect(token).not.toContain("back-in-stock");
  expect(token).not.toContain("user_abc");
  // An empty payload names nobody.
  expect(openLinkToken(box, "back-in-stock", sealLinkToken(box, "back-in-stock", ""))).toBeNull();
});

test("a token sealed under another key, or without a purpose, is refused", () => {
  const other = secretBox(new Uint8Array(32).fill(8));
  expect(openLinkToken(box, "review-invitations", sealLinkToken(other, "review-invitations", "user_abc"))).toBeNull();
  expect(openLinkToken(box, "review-invitations", box.seal("user_abc"))).toBeNull();
  // A purpose is matched whole, not as the start of a longer word.
  expect(openLinkToken(box, "back-in-stock", box.seal("back-in-stock-later:user_abc"))).toBeNull();
});

test("an altered token is refused, whichever part was changed", () => {
  const token = sealLinkToken(box, "review-invitations", "user_abc");
  const parts = token.split(".");
  expect(parts).toHaveLength(4);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const changed = `${part.slice(0, 1) === "A" ? "B" : "A"}${part.slice(1)}`;
    const altered = parts.map((p, j) => (j === i ? changed : p)).join(".");
    expect(openLinkToken(box, "review-invitations", altered)).toBeNull();
  }
  expect(openLinkToken(box, "review-invitations", `${token}A`)).toBeNull();
  expect(openLinkToken(box, "review-invitations", token.slice(0, -1))).toBeNull();
});

test("junk, too short or too long never throws and opens nothing", () => {
  const junk: unknown[] = [
    "",
    "abc",
    "v1....",
    "v1.a.b.c",
    "v1.!!!!!!!!!!!!!!!!.@@@@@@@@@@@@@@@@@@@@@@.####",
    "v2.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAA",
    "v1.AA.AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAA",
    "v1.AAAAAAAAAAAAAAAA.AA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "%00%ff\u0000\uffff".repeat(10),
    "x".repeat(maxLinkTokenLength + 1),
    null,
    undefined,
    42,
    { token: "x" },
  ];
  for (const token of junk) expect(openLinkToken(box, "back-in-stock", token)).toBeNull();
  // A token longer than the limit is refused before it is opened, even a genuine one.
  const long = sealLinkToken(box, "back-in-stock", "x".repeat(maxLinkTokenLength));
  expect(long.length).toBeGreaterThan(maxLinkTokenLength);
  expect(openLinkToken(box, "back-in-stock", long)).toBeNull();
  // A real token stays well within the limit.
  expect(sealLinkToken(box, "review-invitations", "u".repeat(64)).length).toBeLessThan(maxLinkTokenLength / 2);
});
