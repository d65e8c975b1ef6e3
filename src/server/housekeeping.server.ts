/**
 * Removes what is left behind once it is of no use: expired customer sessions and admin tokens,
 * used or expired reset and verification links, and uploaded images nothing shows. Run at start-up
 * and hourly; the timer never keeps the process alive.
 */
import { purgeExpiredAdminTokens } from "../db/admins.server";
import type { Db } from "../db/client.server";
import { pruneUnusedUploads } from "../db/uploads.server";
import { purgeStaleEmailVerifications } from "../db/email-verifications.server";
import { purgeStalePasswordResets } from "../db/password-resets.server";
import { type StopJob, startRepeatingJob } from "./repeating-job.server";
import { removeStaleCaseUploads } from "./case-files/stale-uploads.server";
import { purgeExpiredSessions } from "./auth/sessions.server";

const hourMs = 60 * 60 * 1000;

/** Deletes expired sessions and admin tokens, and stale one-time links. */
export function purgeStaleAuthRecords(db: Db, now = Date.now()) {
  purgeExpiredSessions(db, now);
  purgeExpiredAdminTokens(db, now);
  purgeStalePasswordResets(db, now);
  purgeStaleEmailVerifications(db, now);
}

/** Purges now and then every `intervalMs`; returns a function that stops the timer. */
export function startHousekeeping(db: Db, dataDir: string, intervalMs = hourMs): StopJob {
  return startRepeatingJob(
    "housekeeping",
    () => {
      purgeStaleAuthRecords(db);
      pruneUnusedUploads(db, dataDir);
      removeStaleCaseUploads(db, dataDir);
    },
    intervalMs,
  );
}
