/**
 * A client's files are the most sensitive thing the site holds, so a download on a sign-in more
 * than an hour old asks the person to show it is still them (decision 081): their password, or a
 * one-time code e-mailed to their confirmed address. A confirmation is good for an hour and is kept
 * in the session itself (`sess.confirmedAt`), so signing out or a new device asks again.
 */
import { eq, sql } from "drizzle-orm";
import { type Db, immediate } from "../../db/client.server";
import { sessions } from "../../db/schema";
import { enqueueCustomerMail, type MailMessage } from "../../mail/outbox.server";
import { safeRedirectPath } from "../safe-redirect";
import { hashToken } from "./crypto.server";

/** How long a sign-in, or a confirmation of it, lets a client download without asking again. */
export const recentSignInMs = 60 * 60 * 1000;

/** Where the identity check lives; the form posts back here. */
export const confirmIdentityBasePath = "/cases/confirm";

/**
 * True when the session `sessionId` (its `sid`) began more than an hour before `now` and was not
 * confirmed within the last hour. An unknown session needs confirming (the route will have refused
 * it before, but never let a missing row pass).
 */
export function downloadNeedsConfirmation(db: Db, sessionId: string | null, now: number | Date): boolean {
  if (!sessionId) return true;
  const at = typeof now === "number" ? now : now.getTime();
  const row = db.select({ sess: sessions.sess }).from(sessions).where(eq(sessions.sid, sessionId)).get();
  if (!row) return true;
  const since = Math.max(row.sess.createdAt ?? 0, row.sess.confirmedAt ?? 0);
  return at - since > recentSignInMs;
}

/** Records that the holder of session `sessionId` has just shown it is still them. */
export function markSessionConfirmed(db: Db, sessionId: string, now: number | Date): void {
  const at = typeof now === "number" ? now : now.getTime();
  db.update(sessions)
    .set({ sess: sql`json_set(${sessions.sess}, '$.confirmedAt', ${at})` })
    .where(eq(sessions.sid, sessionId))
    .run();
}

/** The identity check's page, coming back to `returnTo` (a local path; anything else goes back to the dashboard). */
export function confirmIdentityPath(returnTo: string): string {
  return `${confirmIdentityBasePath}?returnTo=${encodeURIComponent(safeRedirectPath(returnTo, "/dashboard"))}`;
}

/** An e-mailed code works this long, and for this many guesses. */
export const identityCodeTtlMs = 10 * 60 * 1000;
export const identityCodeTries = 5;

/** A code is hashed with its session, so a copy of the database holds nothing that works elsewhere. */
const codeHash = (sessionId: string, code: string) => hashToken(`identity-code:${sessionId}:${code}`);

/**
 * Keeps `code` (hashed) on session `sessionId`, replacing any earlier one, and queues `mail` in the
 * same transaction; throws when the address has had its hourly share of mail (then no code is kept).
 */
export function storeIdentityCodeMail(db: Db, sessionId: string, code: string, mail: MailMessage, now: Date): void {
  immediate(db, () => {
    const identityCode = { hash: codeHash(sessionId, code), expiresAt: now.getTime() + identityCodeTtlMs, triesLeft: identityCodeTries };
    db.update(sessions)
      .set({ sess: sql`json_set(${sessions.sess}, '$.identityCode', json(${JSON.stringify(identityCode)}))` })
      .where(eq(sessions.sid, sessionId))
      .run();
    enqueueCustomerMail(db, mail, now, "refuse");
  });
}

/** What became of a code typed in: it confirmed the session, it was wrong (guesses left), or there is none that works. */
export type IdentityCodeOutcome = "confirmed" | "wrong" | "spent";

/**
 * Checks `code` against the session's e-mailed code: right, the code is used up and the session
 * confirmed now; wrong, one guess fewer (none left, the code is gone); no code, an expired one or
 * one out of guesses is "spent". One transaction, so two guesses at once cannot both use a try.
 */
export function spendIdentityCode(db: Db, sessionId: string, code: string, now: Date): IdentityCodeOutcome {
  return immediate(db, () => {
    const row = db.select({ sess: sessions.sess }).from(sessions).where(eq(sessions.sid, sessionId)).get();
    const stored = row?.sess.identityCode;
    if (!stored || stored.expiresAt <= now.getTime() || stored.triesLeft <= 0) return "spent";
    if (stored.hash === codeHash(sessionId, code)) {
      db.update(sessions)
        .set({ sess: sql`json_set(json_remove(${sessions.sess}, '$.identityCode'), '$.confirmedAt', ${now.getTime()})` })
        .where(eq(sessions.sid, sessionId))
        .run();
      return "confirmed";
    }
    const triesLeft = stored.triesLeft - 1;
    db.update(sessions)
      .set({
        sess: triesLeft > 0 ? sql`json_set(${sessions.sess}, '$.identityCode.triesLeft', ${triesLeft})` : sql`json_remove(${sessions.sess}, '$.identityCode')`,
      })
      .where(eq(sessions.sid, sessionId))
      .run();
    return triesLeft > 0 ? "wrong" : "spent";
  });
}
