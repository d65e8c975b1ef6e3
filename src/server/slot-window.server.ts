/**
 * Keeps the booking window full: the slots of today to 30 days ahead are generated from the
 * business hours (settings) by the binary itself, so a customer always finds times and nobody has
 * to press a button. The job runs at start-up and is looked at every hour; it fills once per
 * business day (when the date in the business timezone moves on), and again when the owner changes
 * the business hours or the timezone. Each fill is one transaction (fillSlotWindow).
 */
import type { Db } from "../db/client.server";
import { getSettings } from "../db/settings.server";
import { fillSlotWindow } from "../db/timeslots.server";
import { businessToday } from "../domain/slots";
import { log } from "./log.server";
import { type StopJob, startRepeatingJob } from "./repeating-job.server";

export const slotWindowCheckMs = 60 * 60 * 1000;

export type SlotWindowJob = {
  /** Fills the window if the day or the hours changed since the last fill; answers the slots added (0 when nothing was due). */
  run: () => number;
};

/** The job's body, with its memory of what it last filled for; `clock` is injectable for tests. */
export function slotWindowJob(db: Db, clock: () => Date = () => new Date()): SlotWindowJob {
  let filledFor = "";
  return {
    run() {
      const now = clock();
      const { businessHours, timezone } = getSettings(db);
      const due = JSON.stringify([businessToday(now, timezone), businessHours, timezone]);
      if (due === filledFor) return 0;
      const added = fillSlotWindow(db, now, businessHours, timezone);
      filledFor = due;
      if (added > 0) log.info("time slots generated", { added, from: businessToday(now, timezone) });
      return added;
    },
  };
}

/** Starts the job (now, then every `intervalMs`); answers a function that stops it. */
export function startSlotWindow(db: Db, intervalMs = slotWindowCheckMs, clock?: () => Date): StopJob {
  const job = slotWindowJob(db, clock);
  return startRepeatingJob("slot generation", () => job.run(), intervalMs);
}
