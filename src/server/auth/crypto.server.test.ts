/**
 * Token hashes are stored (sessions, admin tokens, reset links, recovery codes), so the hash of a
 * token must never change from one release to the next: SHA-256 of its UTF-8 bytes, lowercase hex.
 */
import { expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { hashToken, randomToken } from "./crypto.server";

test("a token's hash is the SHA-256 of its UTF-8 bytes in lowercase hex, as stored by every earlier release", () => {
  // FIPS 180-2's test vectors.
  expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  expect(hashToken("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  for (const token of [randomToken(), "recovery:ABCD-EFGH", "ann@example.com", "naïve-ключ-🔑"]) {
    expect(hashToken(token)).toBe(createHash("sha256").update(Buffer.from(token, "utf8")).digest("hex"));
  }
});
