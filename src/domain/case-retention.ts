/**
 * When a closed case's files are destroyed (decision 082): `caseFileRetentionDays` after it closed,
 * the client warned a week before. Pure, so the room's "deleted on" date and the job agree.
 */

const dayMs = 24 * 60 * 60 * 1000;

/** How long before the files go the client is warned. */
export const caseRetentionWarningDays = 7;

/** The instant a room closed at `closedAt` loses its files. */
export function caseFilesDeleteOn(closedAt: Date, retentionDays: number): Date {
  return new Date(closedAt.getTime() + retentionDays * dayMs);
}

/** The instant from which the client is warned (a week before the files go). */
export function caseRetentionWarnFrom(closedAt: Date, retentionDays: number): Date {
  return new Date(caseFilesDeleteOn(closedAt, retentionDays).getTime() - caseRetentionWarningDays * dayMs);
}

/** Rooms closed at or before this instant lose their files at `now`. */
export function closedNoLaterThanForDeletion(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - retentionDays * dayMs);
}

/** Rooms closed at or before this instant are warned at `now` (unless already deleted). */
export function closedNoLaterThanForWarning(now: Date, retentionDays: number): Date {
  return new Date(now.getTime() - (retentionDays - caseRetentionWarningDays) * dayMs);
}
