/**
 * Sealing of the few secrets the database must keep but never show (an admin's TOTP key): AES-256-GCM
 * under a key that lives beside the database in the data directory (`secret.key`, created on first
 * use, readable by the owner only), never inside it. A copy of the database or a backup alone does
 * not reveal what is sealed; losing the key file only means sealed values can no longer be opened
 * (docs/decisions/015-admin-totp.md says what the owner then does).
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type SecretBox = {
  /** Seals a text: "v1.<iv>.<tag>.<ciphertext>", all base64url. */
  seal(plaintext: string): string;
  /** Opens a sealed text, or null when it was sealed under another key or has been altered. */
  open(sealed: string): string | null;
};

const keyFileName = "secret.key";
const version = "v1";

/** A box over a 32-byte key. */
export function secretBox(key: Uint8Array): SecretBox {
  if (key.length !== 32) throw new Error("A secret-box key is 32 bytes");
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [version, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), body.toString("base64url")].join(".");
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split(".");
      if (v !== version || iv === undefined || tag === undefined || body === undefined) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

/** The data directory's secret box: reads `secret.key`, or creates it (mode 0600) on first use. */
export function dataDirSecretBox(dataDir: string): SecretBox {
  const file = join(dataDir, keyFileName);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // "wx": if another process created it in the meantime, this throws and the next read uses theirs.
    try {
      writeFileSync(file, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64url");
  if (key.length !== 32) throw new Error(`${file} is not a secret key (32 bytes, base64url); move it away to have a new one made`);
  return secretBox(key);
}
