import { expect, spyOn, test } from "bun:test";
import { generateTOTP } from "@oslojs/otp";
import { decodeHex } from "@oslojs/encoding";
import { recoveryCodesLeft } from "../db/admin-recovery-codes.server";
import { confirmTotp, countAdmins, createAdmin, createAdminToken, findAdminByUsername, startTotpSetup, validateAdminToken } from "../db/admins.server";
import { adminWithToken } from "../../tests/factories";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { ensureFirstAdmin, parseAdminCommand, runAdminCommand, runDisableTotp } from "./admin-accounts.server";
import { verifyPassword } from "./auth/crypto.server";
import { setLogLevel } from "./log.server";

const t = testAppPerTest();

/** What the logger writes while `fn` runs. */
async function logged(fn: () => Promise<void>) {
  const lines: string[] = [];
  const out = spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
  const err = spyOn(console, "error").mockImplementation((line: string) => void lines.push(line));
  setLogLevel("info");
  try {
    await fn();
  } finally {
    setLogLevel("silent");
    out.mockRestore();
    err.mockRestore();
  }
  return lines.join("\n");
}

test("first start with no admin and no ADMIN_*: `admin` with a random password, shown once in the log", async () => {
  const log = await logged(() => ensureFirstAdmin(t.db, {}));
  const password = /the password (\S+) \./.exec(log)?.[1];
  expect(password).toBeDefined();
  const admin = findAdminByUsername(t.db, "admin");
  expect(admin).toBeDefined();
  expect(await verifyPassword(password ?? "", admin?.passwordHash ?? "")).toBe(true);
  // The next start says nothing and creates nothing.
  expect(await logged(() => ensureFirstAdmin(t.db, {}))).not.toContain("password");
  expect(countAdmins(t.db)).toBe(1);
});

test("ADMIN_USERNAME and ADMIN_PASSWORD make that admin exist, and no random one", async () => {
  await ensureFirstAdmin(t.db, { ADMIN_USERNAME: "Owner", ADMIN_PASSWORD: "a long owner passphrase" });
  const owner = findAdminByUsername(t.db, "owner");
  expect(await verifyPassword("a long owner passphrase", owner?.passwordHash ?? "")).toBe(true);
  expect(countAdmins(t.db)).toBe(1);
  // A later start keeps the password the owner may have changed since.
  await ensureFirstAdmin(t.db, { ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "another long passphrase" });
  expect(findAdminByUsername(t.db, "owner")?.passwordHash).toBe(owner?.passwordHash ?? "");
});

test("half a pair, or a weak password, creates nobody and says why", async () => {
  expect(await logged(() => ensureFirstAdmin(t.db, { ADMIN_USERNAME: "owner" }))).toContain("go together");
  expect(await logged(() => ensureFirstAdmin(t.db, { ADMIN_USERNAME: "owner", ADMIN_PASSWORD: "short" }))).toContain("not created");
  expect(countAdmins(t.db)).toBe(0);
});

test("the admin subcommands' arguments", () => {
  expect(parseAdminCommand(["create", "Bob"])).toEqual({ action: "create", username: "bob", passwordFromStdin: false, role: "owner" });
  expect(parseAdminCommand(["create", "ann", "--role", "staff", "--password-stdin"])).toEqual({
    action: "create",
    username: "ann",
    passwordFromStdin: true,
    role: "staff",
  });
  expect(parseAdminCommand(["create", "ann", "--role=owner"])).toEqual({ action: "create", username: "ann", passwordFromStdin: false, role: "owner" });
  expect(parseAdminCommand(["reset-password", "bob", "--password-stdin"])).toEqual({ action: "reset-password", username: "bob", passwordFromStdin: true });
  expect(parseAdminCommand(["disable-totp", " Bob "])).toEqual({ action: "disable-totp", username: "bob" });
  for (const bad of [
    [],
    ["create"],
    ["delete", "bob"],
    ["create", "bob", "--force"],
    ["disable-totp"],
    ["disable-totp", "bob", "--password-stdin"],
    ["create", "bob", "--role"],
    ["create", "bob", "--role", "boss"],
    ["create", "bob", "--role", "staff", "--role", "owner"],
    ["reset-password", "bob", "--role", "staff"],
  ]) {
    expect(parseAdminCommand(bad)).toHaveProperty("usage");
  }
});

test("create refuses a taken name or a weak password; reset-password changes it and ends every token", async () => {
  expect(await runAdminCommand(t.db, { action: "create", username: "bob", passwordFromStdin: true }, "a long bob passphrase")).toMatchObject({ code: 0 });
  expect(await runAdminCommand(t.db, { action: "create", username: "bob", passwordFromStdin: true }, "a long bob passphrase")).toMatchObject({ code: 1 });
  expect(await runAdminCommand(t.db, { action: "create", username: "x y", passwordFromStdin: true }, "a long bob passphrase")).toMatchObject({ code: 1 });
  expect(await runAdminCommand(t.db, { action: "create", username: "eve", passwordFromStdin: true }, "password")).toMatchObject({ code: 1 });
  const bob = findAdminByUsername(t.db, "bob");
  const token = createAdminToken(t.db, bob?.id ?? 0);
  const reset = await runAdminCommand(t.db, { action: "reset-password", username: "bob", passwordFromStdin: true }, "bob's new long passphrase");
  expect(reset.code).toBe(0);
  expect(validateAdminToken(t.db, token)).toBeNull();
  expect(await verifyPassword("bob's new long passphrase", findAdminByUsername(t.db, "bob")?.passwordHash ?? "")).toBe(true);
  expect(await runAdminCommand(t.db, { action: "reset-password", username: "nobody", passwordFromStdin: true }, "a long enough passphrase")).toMatchObject({
    code: 1,
  });
});

/** Turns two-factor sign-in on for `username` the way the portal does: set-up, then a first code. */
function withTotp(username: string) {
  const admin = findAdminByUsername(t.db, username);
  const started = startTotpSetup(t.db, t.deps.secrets, admin?.id ?? 0);
  if (!started.ok) throw new Error(started.reason);
  expect(confirmTotp(t.db, t.deps.secrets, admin?.id ?? 0, generateTOTP(decodeHex(started.keyHex), 30, 6)).ok).toBe(true);
  return admin?.id ?? 0;
}

test("disable-totp turns two-factor sign-in off for a locked-out admin; the password and sign-ins stay", async () => {
  expect(await runAdminCommand(t.db, { action: "create", username: "bob", passwordFromStdin: true }, "a long bob passphrase")).toMatchObject({ code: 0 });
  const id = withTotp("bob");
  const token = createAdminToken(t.db, id);
  const before = findAdminByUsername(t.db, "bob");
  expect(before?.totpKey).not.toBeNull();
  const off = runDisableTotp(t.db, "bob");
  expect(off.code).toBe(0);
  expect(off.message).toContain("turned off");
  const after = findAdminByUsername(t.db, "bob");
  expect(after).toMatchObject({ totpKey: null, totpPendingKey: null, totpEnabledAt: null, totpLastStep: null, passwordHash: before?.passwordHash ?? "" });
  expect(validateAdminToken(t.db, token)).not.toBeNull();
  expect(runDisableTotp(t.db, "bob")).toMatchObject({ code: 0, message: expect.stringContaining("was not on") });
  expect(runDisableTotp(t.db, "nobody")).toMatchObject({ code: 1 });
});

test("reset-password keeps two-factor sign-in as it is", async () => {
  expect(await runAdminCommand(t.db, { action: "create", username: "bob", passwordFromStdin: true }, "a long bob passphrase")).toMatchObject({ code: 0 });
  withTotp("bob");
  const key = findAdminByUsername(t.db, "bob")?.totpKey;
  expect(await runAdminCommand(t.db, { action: "reset-password", username: "bob", passwordFromStdin: true }, "bob's new long passphrase")).toMatchObject({
    code: 0,
  });
  expect(findAdminByUsername(t.db, "bob")?.totpKey).toBe(key ?? "missing");
});

test("create takes the role: staff with --role staff, an owner by default", async () => {
  expect(await runAdminCommand(t.db, parseAdminCommand(["create", "sam", "--role", "staff"]) as never, "a long sam passphrase")).toEqual({
    code: 0,
    message: 'admin "sam" created (staff)',
  });
  expect(await runAdminCommand(t.db, parseAdminCommand(["create", "olive"]) as never, "a long olive passphrase")).toMatchObject({ code: 0 });
  expect(findAdminByUsername(t.db, "sam")?.role).toBe("staff");
  expect(findAdminByUsername(t.db, "olive")?.role).toBe("owner");
});

test("disable-totp also forgets the recovery codes", () => {
  const admin = findAdminByUsername(t.db, "owner") ?? createAdmin(t.db, "owner", "x");
  withTotp(admin?.username ?? "owner");
  expect(recoveryCodesLeft(t.db, admin?.id ?? 0)).toBe(10);
  expect(runDisableTotp(t.db, "owner").code).toBe(0);
  expect(recoveryCodesLeft(t.db, admin?.id ?? 0)).toBe(0);
});

test("each change made with `pi-site admin` is in the audit log as made on the command line; a refused one is not", async () => {
  await runAdminCommand(t.db, { action: "create", username: "bob", passwordFromStdin: true, role: "staff" }, "a long bob passphrase");
  await runAdminCommand(t.db, { action: "create", username: "bob", passwordFromStdin: true }, "a long bob passphrase");
  await runAdminCommand(t.db, { action: "reset-password", username: "bob", passwordFromStdin: true }, "bob's new long passphrase");
  await runAdminCommand(t.db, { action: "reset-password", username: "nobody", passwordFromStdin: true }, "a long enough passphrase");
  withTotp("bob");
  runDisableTotp(t.db, "bob");
  runDisableTotp(t.db, "bob");
  // The owner reads them on the audit page, under Admins.
  const owner = adminWithToken(t.db, "owner");
  const res = await t.request("/api/admin/audit?kind=admins", { headers: { Authorization: owner.authorization } });
  const { entries } = (await res.json()) as { entries: { adminId: number | null; adminUsername: string; action: string; recordId: string; summary: string }[] };
  expect(entries.map((e) => [e.adminId, e.adminUsername, e.action, e.recordId]).reverse()).toEqual([
    [null, "command line", "admin.create", "bob"],
    [null, "command line", "admin.reset_password", "bob"],
    [null, "command line", "admin.totp_disable", "bob"],
  ]);
  expect(entries.map((e) => e.summary).reverse()).toEqual([
    "Added the admin bob as staff on the server's command line",
    "Reset the password of bob on the server's command line; their sign-ins ended",
    "Turned two-factor sign-in off for bob on the server's command line; their recovery codes were removed",
  ]);
  expect(JSON.stringify(entries)).not.toContain("passphrase");
});
