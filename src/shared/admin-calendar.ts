/**
 * Closed days in the slot calendar (decision 077): `POST /api/admin/timeslots/close` closes a day
 * or a range of days with a reason, `POST /api/admin/timeslots/reopen` opens them again (a public
 * holiday included), and what the overview says of a day: closed or not, and who is booked.
 * Written with zod/mini so the island can share it.
 */
import { daysBetween, isIsoDate } from "../domain/timezone";
import { dateMessage } from "./admin-list";
import { z } from "./zod-mini";

/** The most days one close or reopen covers (a long leave, not a year). */
export const maxClosedRangeDays = 90;

const isoDate = z.string(dateMessage).check(z.trim(), z.refine(isIsoDate, dateMessage));

/** A range of whole days: `to` on or after `from`, at most `maxClosedRangeDays` days. */
const dayRange = { from: isoDate, to: isoDate };
const rangeChecks = [
  z.refine<{ from: string; to: string }>((r) => !isIsoDate(r.from) || !isIsoDate(r.to) || daysBetween(r.from, r.to) >= 0, {
    message: "Choose a last day on or after the first",
    path: ["to"],
  }),
  z.refine<{ from: string; to: string }>((r) => !isIsoDate(r.from) || !isIsoDate(r.to) || daysBetween(r.from, r.to) < maxClosedRangeDays, {
    message: `Choose at most ${maxClosedRangeDays} days at a time`,
    path: ["to"],
  }),
];

/** `POST /api/admin/timeslots/close`: the days, and why (the owner reads it back in the calendar and the audit log). */
export const adminCloseDaysSchema = z
  .object({
    ...dayRange,
    reason: z.string("Say why the days are closed").check(z.trim(), z.minLength(1, "Say why the days are closed"), z.maxLength(200, "At most 200 characters")),
  })
  .check(...rangeChecks);

/** `POST /api/admin/timeslots/reopen`. */
export const adminReopenDaysSchema = z.object(dayRange).check(...rangeChecks);

/** Why a day offers no time: the owner's reason, or the public holiday's name. */
export type ClosedDay = { date: string; reason: string; holiday: string | null };

/** A booking on a day, as the calendar names it: who, what, and how to reach them. */
export type DayBooking = {
  id: string;
  reference: string | null;
  date: string;
  time: string;
  /** How long it holds, in minutes from its start. */
  duration: number;
  customerName: string;
  serviceName: string;
  phone: string | null;
  status: string;
};

/** What closing days did: the days now closed, the bookings still on them (kept), and what to tell the owner. */
export type CloseDaysResult = { closed: string[]; bookings: DayBooking[]; message: string };
/** What reopening did: the days now open, and what to tell the owner. */
export type ReopenDaysResult = { reopened: string[]; message: string };
