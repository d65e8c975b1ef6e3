/**
 * Removes what sign-in leaves behind once it is of no use: expired customer sessions and admin
 * tokens, and used or expired reset and verification links. Run at start-up and hourly; the timer never keeps the process alive.
 */
import { purgeExpiredAdminTokens } from "../../db/admins.server";
import type { Db } from "../../db/client.server";
import { purgeStaleEmailVerifications } from "../../db/email-verifications.server";
import { purgeStalePasswordResets } from "../../db/password-resets.server";
import { startRepeatingJob } from "../repeating-job.server";
import { purgeExpiredSessions } from "./sessions.server";

const hourMs = 60 * 60 * 1000;

/** Deletes expired sessions and admin tokens, and stale one-time links. */
export function purgeStaleAuthRecords(db: Db, now = Date.now()) {
  purgeExpiredSessions(db, now);
  purgeExpiredAdminTokens(db, now);
  purgeStalePasswordResets(db, now);
  purgeStaleEmailVerifications(db, now);
}

/** Purges now and then every `intervalMs`; returns a function that stops the timer. */
export function startAuthHousekeeping(db: Db, intervalMs = hourMs): () => void {
  return startRepeatingJob("auth housekeeping", () => purgeStaleAuthRecords(db), intervalMs);
}
