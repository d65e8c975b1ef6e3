/**
 * Writing to the audit log. Every admin change calls `recordAudit` inside the transaction that makes
 * the change, so a change and its record are written together or not at all. The log is
 * append-only: the database refuses updates and deletes of its rows (migration 0006).
 */
import type { AuditKind } from "../domain/audit";
import type { Db } from "./client.server";
import { auditLog } from "./schema";

/** The admin making a change, as the token guard knows them. */
export type AuditActor = { id: number; username: string };

export type AuditEntry = {
  kind: AuditKind;
  /** What was done, as a short dotted verb: "pricing.update", "order.mark_paid", "user.suspend". */
  action: string;
  /** The record changed (a product id, an order number, a setting key), when there is one. */
  recordId?: string | number | null;
  /** A sentence the owner reads in the log. */
  summary: string;
  /** The values before and after, for prices and settings (and wherever else they help). */
  before?: unknown;
  after?: unknown;
};

/** Appends one entry. Call inside the transaction that makes the change. */
export function recordAudit(db: Db, actor: AuditActor, entry: AuditEntry, now = new Date()): void {
  appendEntry(db, actor.id, actor.username, entry, now);
}

/** One row of the log; `adminId` is null when no admin account made it (the command line, a stranger's guesses). */
function appendEntry(db: Db, adminId: number | null, adminUsername: string, entry: AuditEntry, now: Date): void {
  db.insert(auditLog)
    .values({
      adminId,
      adminUsername,
      kind: entry.kind,
      action: entry.action,
      recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
      summary: entry.summary,
      before: entry.before === undefined ? null : entry.before,
      after: entry.after === undefined ? null : entry.after,
      createdAt: now,
    })
    .run();
}

/** How an admin proved who they are at sign-in: the password alone, with the app's code, or with a recovery code. */
export type SignInProof = "password" | "app_code" | "recovery_code";

const proofWords: Record<SignInProof, string> = {
  password: "with the password",
  app_code: "with the password and the authenticator app's code",
  recovery_code: "with the password and a recovery code",
};

/** A sign-in to the portal, by whom, how and from where (a recovery code used is worth the owner's notice). */
export function recordAdminSignIn(db: Db, admin: AuditActor & { role: string }, proof: SignInProof, ip: string, now = new Date()): void {
  recordAudit(
    db,
    admin,
    {
      kind: "signins",
      action: proof === "recovery_code" ? "signin.recovery_code" : "signin.ok",
      // The record is where from: the summary says who and how, and the log's admin filter finds theirs.
      recordId: ip,
      summary: `${admin.username} (${admin.role}) signed in ${proofWords[proof]}`,
    },
    now,
  );
}

/** The longest typed username kept in the log: what a stranger types is not the log's to store in full. */
const typedNameChars = 60;

/**
 * A burst of failed sign-ins that just locked a username or an address, written once when the lock
 * starts (never per guess). `adminId` is null when no admin has the typed username.
 */
export function recordSignInLock(
  db: Db,
  lock: { adminId: number | null; username: string; ip: string; by: "username" | "address"; failures: number; minutes: number },
  now = new Date(),
): void {
  const name = lock.username.slice(0, typedNameChars);
  const what = lock.by === "username" ? `sign-in as "${name}" locked` : `sign-ins from ${lock.ip} locked`;
  appendEntry(
    db,
    lock.adminId,
    name,
    {
      kind: "signins",
      action: "signin.locked",
      recordId: lock.ip,
      summary: `${lock.failures} failed sign-ins as "${name}" from ${lock.ip}: ${what} for ${lock.minutes} minutes${lock.adminId === null ? " (no admin has this username)" : ""}`,
    },
    now,
  );
}

/** Who made a change the site made by itself (a background job, such as the case files' retention). */
export const siteActor = "the site";

/** A change a background job made, inside the transaction making it. */
export function recordSiteChange(db: Db, entry: AuditEntry, now = new Date()): void {
  appendEntry(db, null, siteActor, entry, now);
}

/** Who made a change from the server's command line (`pi-site admin …`): no admin signed in. */
export const commandLineActor = "command line";

/** A change made with `pi-site admin …` on the server, inside the transaction making it. */
export function recordCommandLineChange(db: Db, entry: Omit<AuditEntry, "kind">, now = new Date()): void {
  appendEntry(db, null, commandLineActor, { ...entry, kind: "admins" }, now);
}
