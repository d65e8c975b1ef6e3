/**
 * Admins and their bearer tokens. A token is 256 random bits handed to the browser once; the
 * database keeps only its SHA-256, so a copy of the database signs nobody in. A token expires after
 * 8 idle hours and, however busy, 12 hours after sign-in; logout (or a password reset) deletes it.
 * A token also remembers when its admin last gave the password (and code): sensitive changes need
 * that within the last 10 minutes (decision 027).
 * Two-factor sign-in (TOTP, decision 015): a key offered by set-up waits as `totpPendingKey` until
 * a first code confirms it; every accepted code records its step, so no code works twice. Both key
 * columns hold the key sealed by the data directory's secret box, never the key itself.
 */
import { and, asc, count, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import { hashToken, randomToken } from "../server/auth/crypto.server";
import { newRecoveryCodes, recoveryCodeHash } from "../server/auth/recovery-codes.server";
import { matchingTotpStep, newTotpKeyHex } from "../server/auth/totp.server";
import { log } from "../server/log.server";
import type { AdminRole } from "../domain/admin-roles";
import type { AdminAccountView } from "../shared/admin-admins";
import type { SecretBox } from "../server/secret-box.server";
import { type AuditActor, recordAudit } from "./audit.server";
import { consumeRecoveryCode, deleteRecoveryCodes, replaceRecoveryCodes } from "./admin-recovery-codes.server";
import { type Db, immediate } from "./client.server";
import { prepared } from "./prepared.server";
import { adminTokens, admins } from "./schema";

export type Admin = typeof admins.$inferSelect;
/** What the portal may know about the signed-in admin. */
export type CurrentAdmin = { id: number; username: string; role: AdminRole };

export const adminIdleMs = 8 * 60 * 60 * 1000;
/** A token ends this long after sign-in, however busy: a stolen one cannot be kept alive by use. */
export const adminLifetimeMs = 12 * 60 * 60 * 1000;
/** How long a sign-in or a re-check of the password counts as recent for a sensitive change. */
export const adminReauthWindowMs = 10 * 60 * 1000;
/** A token's expiry slides forward at most once a minute, so reads do not each write. */
const slideAfterMs = 60 * 1000;

export function countAdmins(db: Db): number {
  return db.select({ n: count() }).from(admins).get()?.n ?? 0;
}

export function findAdminByUsername(db: Db, username: string): Admin | undefined {
  return db.select().from(admins).where(eq(admins.username, username)).get();
}

/** Creates an admin (an owner unless `role` says otherwise); null when the username is taken. */
export function createAdmin(db: Db, username: string, passwordHash: string, role: AdminRole = "owner"): Admin | null {
  return immediate(db, () => {
    if (findAdminByUsername(db, username)) return null;
    return db.insert(admins).values({ username, passwordHash, role }).returning().get() ?? null;
  });
}

/** Sets an admin's password and ends every token they hold; false when there is no such admin. */
export function setAdminPassword(db: Db, username: string, passwordHash: string): boolean {
  return immediate(db, () => {
    const admin = findAdminByUsername(db, username);
    if (!admin) return false;
    db.update(admins).set({ passwordHash, updatedAt: new Date() }).where(eq(admins.id, admin.id)).run();
    db.delete(adminTokens).where(eq(adminTokens.adminId, admin.id)).run();
    return true;
  });
}

/**
 * A new token for `adminId` (a new one at every sign-in); the caller hands it to the browser. The
 * sign-in gave the password (and code), so the token starts re-authenticated.
 */
export function createAdminToken(db: Db, adminId: number, now = Date.now()): string {
  const token = randomToken(32);
  const at = new Date(now);
  db.insert(adminTokens)
    .values({ tokenHash: hashToken(token), adminId, lastUsedAt: at, expiresAt: new Date(now + adminIdleMs), reauthenticatedAt: at, createdAt: at })
    .run();
  return token;
}

/** A live admin token: whose it is, its hash, and when the password was last given on it (ms, or null). */
export type AdminTokenCheck = { admin: CurrentAdmin; tokenHash: string; reauthenticatedAt: number | null };

/**
 * The admin a bearer token belongs to, sliding its idle expiry (never past 12 hours after sign-in);
 * null when unknown, expired, older than 12 hours or revoked.
 */
export function validateAdminToken(db: Db, token: string, now = Date.now()): AdminTokenCheck | null {
  if (!token || token.length > 100) return null;
  const tokenHash = hashToken(token);
  // Every admin request runs this: prepared once per connection, as the customer's session lookup is.
  const row = prepared(db, "admin-token", (d) =>
    d
      .select({
        id: admins.id,
        username: admins.username,
        role: admins.role,
        lastUsedAt: adminTokens.lastUsedAt,
        createdAt: adminTokens.createdAt,
        reauthenticatedAt: adminTokens.reauthenticatedAt,
      })
      .from(adminTokens)
      .innerJoin(admins, eq(admins.id, adminTokens.adminId))
      .where(
        and(
          eq(adminTokens.tokenHash, sql.placeholder("tokenHash")),
          gt(adminTokens.expiresAt, sql.placeholder("now")),
          gt(adminTokens.createdAt, sql.placeholder("bornAfter")),
        ),
      )
      .prepare(),
  ).get({ tokenHash, now, bornAfter: now - adminLifetimeMs });
  if (!row) return null;
  if (now - row.lastUsedAt.getTime() > slideAfterMs) {
    const endOfLife = row.createdAt.getTime() + adminLifetimeMs;
    db.update(adminTokens)
      .set({ lastUsedAt: new Date(now), expiresAt: new Date(Math.min(now + adminIdleMs, endOfLife)) })
      .where(eq(adminTokens.tokenHash, tokenHash))
      .run();
  }
  return { admin: { id: row.id, username: row.username, role: row.role }, tokenHash, reauthenticatedAt: row.reauthenticatedAt?.getTime() ?? null };
}

/** Whether a token's last password check (`reauthenticatedAt`, ms) is recent enough for a sensitive change. */
export function reauthenticatedRecently(reauthenticatedAt: number | null, now = Date.now()): boolean {
  return reauthenticatedAt !== null && reauthenticatedAt <= now && now - reauthenticatedAt < adminReauthWindowMs;
}

/** Records that the admin gave the password (and code) again on this token. */
export function markAdminTokenReauthenticated(db: Db, tokenHash: string, now = Date.now()) {
  db.update(adminTokens)
    .set({ reauthenticatedAt: new Date(now) })
    .where(eq(adminTokens.tokenHash, tokenHash))
    .run();
}

/** Revokes one token (logout). */
export function revokeAdminToken(db: Db, tokenHash: string) {
  db.delete(adminTokens).where(eq(adminTokens.tokenHash, tokenHash)).run();
}

/** Deletes expired tokens, and those past their 12 hours (housekeeping). */
export function purgeExpiredAdminTokens(db: Db, now = Date.now()) {
  db.delete(adminTokens)
    .where(or(lt(adminTokens.expiresAt, new Date(now)), lt(adminTokens.createdAt, new Date(now - adminLifetimeMs))))
    .run();
}

export function findAdminById(db: Db, id: number): Admin | undefined {
  return db.select().from(admins).where(eq(admins.id, id)).get();
}

/** Whether the admin signs in with a code as well as the password. */
export function totpEnabled(admin: Pick<Admin, "totpKey">): boolean {
  return admin.totpKey !== null;
}

/** Why a TOTP change was refused. */
export type TotpRefusal = "not_found" | "already_on" | "not_on" | "no_setup" | "wrong_code";

/**
 * Starts set-up: a new random key waits for confirmation (replacing one never confirmed). Answers
 * the key (hex) for the one time it is shown, or why not.
 */
export function startTotpSetup(db: Db, box: SecretBox, adminId: number): { ok: true; keyHex: string } | { ok: false; reason: TotpRefusal } {
  return immediate(db, () => {
    const admin = findAdminById(db, adminId);
    if (!admin) return { ok: false, reason: "not_found" };
    if (totpEnabled(admin)) return { ok: false, reason: "already_on" };
    const keyHex = newTotpKeyHex();
    db.update(admins)
      .set({ totpPendingKey: box.seal(keyHex), updatedAt: new Date() })
      .where(eq(admins.id, adminId))
      .run();
    return { ok: true, keyHex };
  });
}

/** The audit entry of turning two-factor sign-in on or off: the state only, never the key. */
function auditTotp(db: Db, actor: AuditActor, on: boolean, now: number): void {
  recordAudit(
    db,
    actor,
    {
      kind: "account",
      action: on ? "totp.enable" : "totp.disable",
      recordId: actor.id,
      summary: on ? "Turned two-factor sign-in on" : "Turned two-factor sign-in off",
      before: { twoFactor: !on },
      after: { twoFactor: on },
    },
    new Date(now),
  );
}

/**
 * Turns two-factor sign-in on when `code` is the pending key's; that code's step counts as used,
 * and ten new recovery codes are stored (hashed) and answered, to be shown this once. With an
 * `actor`, the audit entry is written in the same transaction.
 */
export function confirmTotp(
  db: Db,
  box: SecretBox,
  adminId: number,
  code: string,
  now = Date.now(),
  actor?: AuditActor,
): { ok: true; recoveryCodes: string[] } | { ok: false; reason: TotpRefusal } {
  return immediate(db, () => {
    const admin = findAdminById(db, adminId);
    if (!admin) return { ok: false, reason: "not_found" };
    if (totpEnabled(admin)) return { ok: false, reason: "already_on" };
    if (!admin.totpPendingKey) return { ok: false, reason: "no_setup" };
    const key = openKey(box, admin, admin.totpPendingKey);
    const step = key === null ? null : matchingTotpStep(key, code, now);
    if (step === null) return { ok: false, reason: "wrong_code" };
    db.update(admins)
      .set({ totpKey: admin.totpPendingKey, totpPendingKey: null, totpEnabledAt: new Date(now), totpLastStep: step, updatedAt: new Date(now) })
      .where(eq(admins.id, adminId))
      .run();
    const { codes, hashes } = newRecoveryCodes();
    replaceRecoveryCodes(db, adminId, hashes, now);
    if (actor) auditTotp(db, actor, true, now);
    return { ok: true, recoveryCodes: codes };
  });
}

/**
 * A sealed key opened, or null when it was sealed under another secret key (the data directory's
 * `secret.key` was lost or replaced): said in the log with the way out, since no code can match.
 */
function openKey(box: SecretBox, admin: Admin, sealed: string): string | null {
  const key = box.open(sealed);
  if (key === null) {
    log.error("totp key cannot be opened: DATA_DIR/secret.key is not the one it was sealed with", {
      admin: admin.username,
      fix: `pi-site admin disable-totp ${admin.username}, then set two-factor sign-in up again`,
    });
  }
  return key;
}

/**
 * Whether the admin's two-factor key can no longer be opened here: it was sealed under another
 * `secret.key` (a restore without it). Then no app code can match, only a recovery code.
 */
export function totpKeyUnreadable(box: SecretBox, admin: Pick<Admin, "totpKey">): boolean {
  return admin.totpKey !== null && box.open(admin.totpKey) === null;
}

/** Inside a transaction: accepts `code` for `admin` once (a newer step than the last used) and records its step. */
function acceptTotpCode(db: Db, box: SecretBox, admin: Admin, code: string, now: number): boolean {
  if (!admin.totpKey) return false;
  const key = openKey(box, admin, admin.totpKey);
  if (key === null) return false;
  const step = matchingTotpStep(key, code, now);
  if (step === null || (admin.totpLastStep !== null && step <= admin.totpLastStep)) return false;
  db.update(admins).set({ totpLastStep: step }).where(eq(admins.id, admin.id)).run();
  return true;
}

/**
 * Inside a transaction: accepts the second factor of a sign-in, a re-check or a turn-off once. Six
 * digits are the app's code (see acceptTotpCode); anything else is tried as an unused recovery code,
 * which is then used up (the code arrives normalized by `signInCodeField`).
 */
function acceptSecondFactor(db: Db, box: SecretBox, admin: Admin, code: string, now: number): boolean {
  if (!admin.totpKey) return false;
  if (/^\d{6}$/.test(code)) return acceptTotpCode(db, box, admin, code, now);
  const used = consumeRecoveryCode(db, admin.id, recoveryCodeHash(code), now);
  if (used) log.warn("admin used a recovery code", { adminId: admin.id });
  return used;
}

/**
 * A sign-in code: true when it is the app's code of the current step or one either side, and no code
 * of that step or a later one was accepted before (which it records); or an unused recovery code
 * (which it uses up).
 */
export function verifySecondFactor(db: Db, box: SecretBox, adminId: number, code: string, now = Date.now()): boolean {
  return immediate(db, () => {
    const admin = findAdminById(db, adminId);
    return admin ? acceptSecondFactor(db, box, admin, code, now) : false;
  });
}

/**
 * Ten new recovery codes for an admin with two-factor sign-in, replacing the old ones (used or not);
 * audited without the codes. The codes are answered to be shown this once.
 */
export function renewRecoveryCodes(db: Db, actor: AuditActor, now = Date.now()): { ok: true; recoveryCodes: string[] } | { ok: false; reason: TotpRefusal } {
  return immediate(db, () => {
    const admin = findAdminById(db, actor.id);
    if (!admin) return { ok: false, reason: "not_found" };
    if (!totpEnabled(admin)) return { ok: false, reason: "not_on" };
    const { codes, hashes } = newRecoveryCodes();
    replaceRecoveryCodes(db, admin.id, hashes, now);
    recordAudit(
      db,
      actor,
      { kind: "account", action: "recovery_codes.renew", recordId: admin.id, summary: "Made new recovery codes", after: { codes: codes.length } },
      new Date(now),
    );
    return { ok: true, recoveryCodes: codes };
  });
}

/** The columns that say two-factor sign-in is off, with no key waiting. */
const totpOff = (now: number) => ({ totpKey: null, totpPendingKey: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date(now) });

/**
 * Turns two-factor sign-in off with a fresh code or a recovery code (the caller has checked the
 * password); the recovery codes go too. With an `actor`, the audit entry is written in the same
 * transaction.
 */
export function disableTotp(
  db: Db,
  box: SecretBox,
  adminId: number,
  code: string,
  now = Date.now(),
  actor?: AuditActor,
): { ok: true } | { ok: false; reason: TotpRefusal } {
  return immediate(db, () => {
    const admin = findAdminById(db, adminId);
    if (!admin) return { ok: false, reason: "not_found" };
    if (!totpEnabled(admin)) return { ok: false, reason: "not_on" };
    if (!acceptSecondFactor(db, box, admin, code, now)) return { ok: false, reason: "wrong_code" };
    db.update(admins).set(totpOff(now)).where(eq(admins.id, adminId)).run();
    deleteRecoveryCodes(db, adminId);
    if (actor) auditTotp(db, actor, false, now);
    return { ok: true };
  });
}

/**
 * Turns two-factor sign-in off without a code, for an owner who lost the phone (`pi-site admin
 * disable-totp`); the password and the admin's tokens stay as they are.
 */
export function turnOffTotp(db: Db, username: string): "turned_off" | "was_off" | "not_found" {
  return immediate(db, () => {
    const admin = findAdminByUsername(db, username);
    if (!admin) return "not_found";
    if (!totpEnabled(admin) && !admin.totpPendingKey) return "was_off";
    db.update(admins).set(totpOff(Date.now())).where(eq(admins.id, admin.id)).run();
    deleteRecoveryCodes(db, admin.id);
    return totpEnabled(admin) ? "turned_off" : "was_off";
  });
}

/**
 * Every admin for the admins page, oldest first: two-factor on or off, how many live tokens they
 * hold and when one was last used (the token slides at most once a minute, so "last active" is
 * right to the minute). `currentId` is marked as "you".
 */
export function listAdminAccounts(db: Db, currentId: number, now = Date.now()): AdminAccountView[] {
  const live = db
    .select({
      adminId: adminTokens.adminId,
      sessions: count().as("sessions"),
      lastActiveAt: sql<number | null>`max(${adminTokens.lastUsedAt})`.as("last_active_at"),
    })
    .from(adminTokens)
    .where(and(gt(adminTokens.expiresAt, new Date(now)), gt(adminTokens.createdAt, new Date(now - adminLifetimeMs))))
    .groupBy(adminTokens.adminId)
    .as("live");
  const rows = db
    .select({
      id: admins.id,
      username: admins.username,
      role: admins.role,
      createdAt: admins.createdAt,
      totpKey: admins.totpKey,
      sessions: live.sessions,
      lastActiveAt: live.lastActiveAt,
    })
    .from(admins)
    .leftJoin(live, eq(live.adminId, admins.id))
    .orderBy(asc(admins.createdAt), asc(admins.id))
    .all();
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    role: r.role,
    createdAt: r.createdAt.toISOString(),
    twoFactor: r.totpKey !== null,
    sessions: r.sessions ?? 0,
    lastActiveAt: r.lastActiveAt === null ? null : new Date(r.lastActiveAt).toISOString(),
    you: r.id === currentId,
  }));
}

/** Adds an admin from the portal, audited in the same transaction; null when the username is taken. */
export function addAdminAccount(db: Db, actor: AuditActor, username: string, passwordHash: string, role: AdminRole = "owner", now = new Date()): Admin | null {
  return immediate(db, () => {
    const admin = createAdmin(db, username, passwordHash, role);
    if (!admin) return null;
    recordAudit(
      db,
      actor,
      { kind: "admins", action: "admin.create", recordId: admin.id, summary: `Added the admin ${username} as ${role}`, after: { username, role } },
      now,
    );
    return admin;
  });
}

/** How many owners there are. */
function countOwners(db: Db): number {
  return db.select({ n: count() }).from(admins).where(eq(admins.role, "owner")).get()?.n ?? 0;
}

/** Why a change to another admin was refused. */
export type AdminAccountRefusal = "not_found" | "self" | "last_admin" | "last_owner";

/**
 * Gives an admin another role, audited. The last owner is never made staff: the count is read in
 * the immediate transaction that writes, so two demotions at once cannot leave the business without
 * an owner. The admin's live sign-ins keep working under the new role from their next request.
 */
export function setAdminRole(
  db: Db,
  actor: AuditActor,
  adminId: number,
  role: AdminRole,
  now = new Date(),
): { ok: true; changed: boolean } | { ok: false; reason: "not_found" | "last_owner" } {
  return immediate(db, () => {
    const admin = findAdminById(db, adminId);
    if (!admin) return { ok: false, reason: "not_found" };
    if (admin.role === role) return { ok: true, changed: false };
    if (admin.role === "owner" && countOwners(db) <= 1) return { ok: false, reason: "last_owner" };
    db.update(admins).set({ role, updatedAt: now }).where(eq(admins.id, adminId)).run();
    recordAudit(
      db,
      actor,
      {
        kind: "admins",
        action: "admin.role",
        recordId: admin.id,
        summary: `Made ${admin.username} ${role === "owner" ? "an owner" : "staff"}`,
        before: { role: admin.role },
        after: { role },
      },
      now,
    );
    return { ok: true, changed: true };
  });
}

/**
 * Ends every sign-in of another admin (their next request answers 401). The signed-in admin's own
 * are refused: Logout ends those.
 */
export function revokeAdminSessions(
  db: Db,
  actor: AuditActor,
  adminId: number,
  now = new Date(),
): { ok: true; ended: number } | { ok: false; reason: "not_found" | "self" } {
  return immediate(db, () => {
    const admin = findAdminById(db, adminId);
    if (!admin) return { ok: false, reason: "not_found" };
    if (admin.id === actor.id) return { ok: false, reason: "self" };
    const ended = db.delete(adminTokens).where(eq(adminTokens.adminId, admin.id)).returning({ tokenHash: adminTokens.tokenHash }).all().length;
    recordAudit(
      db,
      actor,
      { kind: "admins", action: "admin.revoke_sessions", recordId: admin.id, summary: `Ended every sign-in of ${admin.username}`, after: { ended } },
      now,
    );
    return { ok: true, ended };
  });
}

/**
 * Removes another admin: their tokens go with them (foreign key cascade), the audit log keeps their
 * entries under their username. Never oneself, never the last admin nor the last owner: the counts
 * are read inside the immediate transaction that deletes, so two removals at once cannot leave nobody.
 */
export function removeAdminAccount(
  db: Db,
  actor: AuditActor,
  adminId: number,
  now = new Date(),
): { ok: true; username: string } | { ok: false; reason: AdminAccountRefusal } {
  return immediate(db, () => {
    const admin = findAdminById(db, adminId);
    if (!admin) return { ok: false, reason: "not_found" };
    if (admin.id === actor.id) return { ok: false, reason: "self" };
    if (countAdmins(db) <= 1) return { ok: false, reason: "last_admin" };
    if (admin.role === "owner" && countOwners(db) <= 1) return { ok: false, reason: "last_owner" };
    db.delete(admins).where(eq(admins.id, admin.id)).run();
    recordAudit(
      db,
      actor,
      { kind: "admins", action: "admin.remove", recordId: admin.id, summary: `Removed the admin ${admin.username}`, before: { username: admin.username } },
      now,
    );
    return { ok: true, username: admin.username };
  });
}

/**
 * The signed-in admin's new password (the caller has checked the current one): every other token of
 * theirs ends, the one in `keepTokenHash` stays. Audited without the password or its hash.
 */
export function changeOwnAdminPassword(db: Db, actor: AuditActor, passwordHash: string, keepTokenHash: string, now = new Date()): { ended: number } | null {
  return immediate(db, () => {
    if (!findAdminById(db, actor.id)) return null;
    db.update(admins).set({ passwordHash, updatedAt: now }).where(eq(admins.id, actor.id)).run();
    const ended = db
      .delete(adminTokens)
      .where(and(eq(adminTokens.adminId, actor.id), ne(adminTokens.tokenHash, keepTokenHash)))
      .returning({ tokenHash: adminTokens.tokenHash })
      .all().length;
    recordAudit(
      db,
      actor,
      { kind: "account", action: "password.change", recordId: actor.id, summary: "Changed own password", after: { otherSignInsEnded: ended } },
      now,
    );
    return { ended };
  });
}
