import { expect, test } from "bun:test";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDirsPerTest } from "../../tests/helpers/temp-dirs";
import { dataDirSecretBox, secretBox } from "./secret-box.server";

const tempDir = tempDirsPerTest("pi-site-secret-");

test("a sealed text opens with the same key, and differs each time it is sealed", () => {
  const box = secretBox(new Uint8Array(32).fill(7));
  const a = box.seal("JBSWY3DPEHPK3PXP");
  const b = box.seal("JBSWY3DPEHPK3PXP");
  expect(a).not.toBe(b);
  expect(a).not.toContain("JBSWY3DPEHPK3PXP");
  expect(box.open(a)).toBe("JBSWY3DPEHPK3PXP");
  expect(box.open(b)).toBe("JBSWY3DPEHPK3PXP");
});

test("another key, an altered text or a malformed one opens to null", () => {
  const box = secretBox(new Uint8Array(32).fill(7));
  const other = secretBox(new Uint8Array(32).fill(8));
  const sealed = box.seal("secret");
  expect(other.open(sealed)).toBeNull();
  const parts = sealed.split(".");
  const body = Buffer.from(parts[3] ?? "", "base64url");
  body[0] = (body[0] ?? 0) ^ 1;
  expect(box.open([parts[0], parts[1], parts[2], body.toString("base64url")].join("."))).toBeNull();
  expect(box.open("not sealed")).toBeNull();
  expect(box.open("v2.a.b.c")).toBeNull();
});

test("the data directory's key is made once, owner-only, and reused", () => {
  const dir = tempDir();
  const sealed = dataDirSecretBox(dir).seal("kept");
  const file = join(dir, "secret.key");
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const before = readFileSync(file, "utf8");
  expect(dataDirSecretBox(dir).open(sealed)).toBe("kept");
  expect(readFileSync(file, "utf8")).toBe(before);
});

test("a key file that is not a key is refused with what to do", () => {
  const dir = tempDir();
  writeFileSync(join(dir, "secret.key"), "short\n");
  expect(() => dataDirSecretBox(dir)).toThrow(/move it away/);
});
