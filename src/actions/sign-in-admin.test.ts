import { describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { createAdmin } from "../db/admins.server";
import { hashPassword } from "../server/auth/crypto.server";
import { secretBox } from "../server/secret-box.server";
import { totpMessages } from "../shared/admin-totp";
import { ownerWithTotpPerTest, totpCodeNow, wrongCodeFor } from "../../tests/helpers/admin-totp";
import type { TestApp } from "../../tests/helpers/test-app";

const password = "owner's long passphrase 2026";
const o = ownerWithTotpPerTest(password);

type Entry = { admin_id: number | null; admin_username: string; kind: string; action: string; record_id: string | null; summary: string };
/** The sign-in entries of the audit log, oldest first. */
const signIns = (t: TestApp) =>
  t.db.$client.query("SELECT admin_id, admin_username, kind, action, record_id, summary FROM audit_log WHERE kind = 'signins' ORDER BY id").all() as Entry[];

describe("sign-ins in the audit log", () => {
  test("the owner's and a staff member's sign-ins are written: who, their role, how and from where", async () => {
    // The owner signed in by password as the test began.
    await createAdmin(o.t.db, "sam", await hashPassword("staff member's passphrase 1"), "staff");
    await o.tokenFor({ username: "sam", password: "staff member's passphrase 1" });
    const [owner, staff, ...more] = signIns(o.t);
    expect(more).toEqual([]);
    expect(owner).toMatchObject({ admin_username: "owner", action: "signin.ok", summary: "owner (owner) signed in with the password" });
    expect(owner?.admin_id).toBeNumber();
    expect(owner?.record_id).toBeTruthy();
    expect(staff).toMatchObject({ admin_username: "sam", action: "signin.ok", summary: "sam (staff) signed in with the password" });
  });

  test("a sign-in with the app's code, and one with a recovery code, say so", async () => {
    const { key, codes } = await o.turnOnTotp();
    o.atStep(1); // the set-up used this step's code
    await o.tokenFor({ username: "owner", password, code: totpCodeNow(key) });
    await o.tokenFor({ username: "owner", password, code: codes[0] });
    const [, app, recovery] = signIns(o.t);
    expect(app).toMatchObject({ action: "signin.ok", summary: "owner (owner) signed in with the password and the authenticator app's code" });
    expect(recovery).toMatchObject({ action: "signin.recovery_code", summary: "owner (owner) signed in with the password and a recovery code" });
  });

  test("a burst of wrong guesses is written once, when the lock starts, not per guess", async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => o.login({ username: "owner", password: `guess ${i}` })));
    expect(answers.some((r) => r.status === 429)).toBe(true);
    for (let i = 0; i < 5; i++) await o.login({ username: "owner", password: `more ${i}` });
    const locks = signIns(o.t).filter((e) => e.action === "signin.locked");
    expect(locks).toHaveLength(1);
    expect(locks[0]?.summary).toMatch(/^5 failed sign-ins as "owner" from .+: sign-in as "owner" locked for 15 minutes$/);
    expect(locks[0]?.admin_id).toBeNumber();
  });

  test("wrong codes lock too, and guesses at a username no admin has are written without an admin", async () => {
    const { key } = await o.turnOnTotp();
    for (let i = 0; i < 5; i++) expect((await o.login({ username: "owner", password, code: wrongCodeFor(totpCodeNow(key)) })).status).toBe(401);
    o.t.setIp("203.0.113.9");
    for (let i = 0; i < 5; i++) expect((await o.login({ username: `nobody-${i}`, password: "x" })).status).toBe(401);
    const locks = signIns(o.t).filter((e) => e.action === "signin.locked");
    expect(locks.map((e) => e.admin_id === null)).toEqual([false, true]);
    expect(locks[1]?.summary).toBe(
      '5 failed sign-ins as "nobody-4" from 203.0.113.9: sign-ins from 203.0.113.9 locked for 15 minutes (no admin has this username)',
    );
  });
});

describe("a two-factor key sealed under another secret.key (a restore without it)", () => {
  test("the app's code is answered with what is wrong and the way out, not as a wrong code; a recovery code still signs in", async () => {
    const { key, codes } = await o.turnOnTotp();
    // As after a restore onto a server whose secret.key differs: the stored key no longer opens.
    const other = secretBox(randomBytes(32));
    o.t.db.$client.query("UPDATE admins SET totp_key = ? WHERE username = 'owner'").run(other.seal("0".repeat(40)));
    const res = await o.login({ username: "owner", password, code: totpCodeNow(key) });
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
    expect(body.error.code).toBe("totp_key_missing");
    expect(body.error.fields?.code).toBe(totpMessages.keyMissing);
    expect(totpMessages.keyMissing).toContain("secret.key");
    expect(totpMessages.keyMissing).toContain("recovery codes");
    // It is not counted as a guess: the owner is not locked out by trying again.
    for (let i = 0; i < 6; i++) expect((await o.login({ username: "owner", password, code: totpCodeNow(key) })).status).toBe(401);
    await o.tokenFor({ username: "owner", password, code: codes[0] });
    // With the wrong password nothing is said about the key.
    expect((await o.login({ username: "owner", password: "not it at all", code: totpCodeNow(key) })).status).toBe(401);
    expect(((await (await o.login({ username: "owner", password: "not it at all", code: "123456" })).json()) as { error: { code: string } }).error.code).toBe(
      "invalid_credentials",
    );
  });
});
