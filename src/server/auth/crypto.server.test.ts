/**
 * Token hashes are stored (sessions, admin tokens, reset links, recovery codes), so the hash of a
 * token must never change from one release to the next: SHA-256 of its UTF-8 bytes, lowercase hex.
 * A password's hash carries its own parameters, so one stored with earlier parameters still verifies.
 */
import { expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { hashPassword, hashToken, randomToken, verifyPassword } from "./crypto.server";

test("a token's hash is the SHA-256 of its UTF-8 bytes in lowercase hex, as stored by every earlier release", () => {
  // FIPS 180-2's test vectors.
  expect(hashToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  expect(hashToken("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  for (const token of [randomToken(), "recovery:ABCD-EFGH", "ann@example.com", "naïve-ключ-🔑"]) {
    expect(hashToken(token)).toBe(createHash("sha256").update(Buffer.from(token, "utf8")).digest("hex"));
  }
});

test("passwords are hashed with argon2id at 7 MiB and 5 passes, and a hash stored with the earlier 19 MiB and 2 passes still verifies", async () => {
  const hash = await hashPassword("correct horse battery staple");
  expect(hash).toStartWith("$argon2id$v=19$m=7168,t=5,p=1$");
  expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
  expect(await verifyPassword("correct horse battery stapler", hash)).toBe(false);
  const earlier = await Bun.password.hash("an owner's older passphrase", { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 });
  expect(earlier).toStartWith("$argon2id$v=19$m=19456,t=2,p=1$");
  expect(await verifyPassword("an owner's older passphrase", earlier)).toBe(true);
  expect(await verifyPassword("an owner's newer passphrase", earlier)).toBe(false);
});
