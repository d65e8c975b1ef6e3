/**
 * Appointment slots: which times a day offers under the business hours, the window customers may
 * book in (today to 30 days ahead, judged in the business timezone), and the ranges of days the
 * owner may look at or generate slots for.
 */
import { addDays, dayOfWeek, daysBetween, isIsoDate, localDate, zonedToInstant } from "./timezone";

export type BusinessHours = { start: string; end: string; slotMinutes: number; days: number[] };

/** How far ahead customers may book (and the site keeps slots made). */
export const bookingWindowDays = 30;

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return h * 60 + m;
};
const toHHMM = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The slot start times of a date: every `slotMinutes` from `start` while a whole slot fits before
 * `end`, on the business days only, leaving out wall-clock times that do not exist that day.
 */
export function slotTimesForDate(date: string, hours: BusinessHours, timeZone: string): string[] {
  if (!hours.days.includes(dayOfWeek(date))) return [];
  const times: string[] = [];
  for (let m = toMinutes(hours.start); m + hours.slotMinutes <= toMinutes(hours.end); m += hours.slotMinutes) {
    const time = toHHMM(m);
    if (zonedToInstant(date, time, timeZone)) times.push(time);
  }
  return times;
}

/** Today in the business timezone. */
export function businessToday(now: Date, timeZone: string): string {
  return localDate(now, timeZone);
}

/** The last bookable date: today + 30 days. */
export function lastBookableDate(now: Date, timeZone: string): string {
  return addDays(businessToday(now, timeZone), bookingWindowDays);
}

/** The most days the owner's slot overview or one generation of slots covers. */
export const maxSlotRangeDays = 90;

/** Why a range of days is refused: the message, and the field it concerns with that field's own message. */
export type SlotRangeProblem = { message: string; field: "from" | "to"; fieldMessage: string };

/**
 * Why the range of days the owner asked for (the slot overview, or with `future` a generation of
 * slots) is refused, or null: a generation starting before `today` (the business's), an end before
 * the start, or more than `maxSlotRangeDays` days. Dates are YYYY-MM-DD.
 */
export function slotRangeProblem(from: string, to: string, today: string, { future }: { future: boolean }): SlotRangeProblem | null {
  if (future && daysBetween(today, from) < 0)
    return { message: "Slots cannot be made for past days.", field: "from", fieldMessage: "Choose today or a later day" };
  if (daysBetween(from, to) < 0)
    return { message: "The end date must not be before the start date.", field: "to", fieldMessage: "Choose a day on or after the start" };
  if (daysBetween(from, to) >= maxSlotRangeDays)
    return { message: `Choose at most ${maxSlotRangeDays} days at a time.`, field: "to", fieldMessage: `At most ${maxSlotRangeDays} days after the start` };
  return null;
}

/** True when the slot's start has already passed (or is not a real time) in the business timezone. */
export function slotHasPassed(date: string, time: string, now: Date, timeZone: string): boolean {
  const instant = zonedToInstant(date, time, timeZone);
  return !instant || instant.getTime() <= now.getTime();
}

/** True when `date` is a date a customer may book: today up to 30 days ahead. */
export function isBookableDate(date: string, now: Date, timeZone: string): boolean {
  if (!isIsoDate(date)) return false;
  const diff = daysBetween(businessToday(now, timeZone), date);
  return diff >= 0 && diff <= bookingWindowDays;
}

/**
 * How long a booking holds the investigator (decision 070): `hours` from its start, within that
 * day's opening hours; or whole `days` from the chosen day's opening, every slot of each day.
 */
export type BookingLength = { unit: "hours" | "days"; count: number };

/** The part of a pricing row its booking length depends on. */
export type PackageLength = { unit: string; minimumUnits: number; lengthUnit: string; lengthCount: number };

/** The fewest hours an hourly package is booked for (its minimum units, 1 at least). */
export function minimumHours(pkg: Pick<PackageLength, "unit" | "minimumUnits">): number {
  return pkg.unit === "hour" ? Math.max(1, pkg.minimumUnits) : 1;
}

/** True for a package the customer books by the hour, choosing how many hours. */
export function choosesHours(pkg: Pick<PackageLength, "unit">): boolean {
  return pkg.unit === "hour";
}

/**
 * The length a booking of `pkg` holds: for an hourly package the hours the customer chose (its
 * minimum when none), otherwise the package's own length. Null when fewer hours than the minimum
 * were asked for.
 */
export function packageLength(pkg: PackageLength, hours?: number): BookingLength | null {
  if (choosesHours(pkg)) {
    const chosen = hours ?? minimumHours(pkg);
    return Number.isInteger(chosen) && chosen >= minimumHours(pkg) ? { unit: "hours", count: chosen } : null;
  }
  return { unit: pkg.lengthUnit === "days" ? "days" : "hours", count: Math.max(1, pkg.lengthCount) };
}

/** A wall-clock moment in the business timezone. */
export type LocalTime = { date: string; time: string };

/** What a booking starting at `date` `time` holds: its slots, where it ends, and its real length in minutes. */
export type HeldTime = { slots: LocalTime[]; end: LocalTime; minutes: number };

/**
 * The slots a booking of `length` starting at `date` `time` holds under the business hours, or null
 * when it does not fit: an hours booking starts on one of the day's slots and ends by closing time
 * that day; a days booking starts at the chosen business day's first slot and holds every slot of
 * that day and the `count - 1` days after it (days the business is closed hold nothing).
 */
export function heldTime(date: string, time: string, length: BookingLength, hours: BusinessHours, timeZone: string): HeldTime | null {
  const dayTimes = slotTimesForDate(date, hours, timeZone);
  let slots: LocalTime[];
  let end: LocalTime;
  if (length.unit === "hours") {
    const from = toMinutes(time);
    const until = from + length.count * 60;
    if (!dayTimes.includes(time) || until > toMinutes(hours.end)) return null;
    slots = dayTimes.filter((t) => toMinutes(t) >= from && toMinutes(t) < until).map((t) => ({ date, time: t }));
    end = { date, time: toHHMM(until) };
  } else {
    if (dayTimes[0] !== time) return null;
    slots = [];
    for (let i = 0; i < length.count; i++) {
      const day = addDays(date, i);
      for (const t of slotTimesForDate(day, hours, timeZone)) slots.push({ date: day, time: t });
    }
    end = { date: addDays(date, length.count - 1), time: hours.end };
  }
  const start = zonedToInstant(date, time, timeZone);
  const finish = zonedToInstant(end.date, end.time, timeZone);
  const minutes = start && finish ? Math.round((finish.getTime() - start.getTime()) / 60_000) : toMinutes(end.time) - toMinutes(time);
  return { slots, end, minutes };
}

/** A slot as the booking rules need it: open (not blocked by the owner) and with a place left. */
export type SlotState = { isAvailable: boolean; currentBookings: number; maxBookings: number };

/** The key a slot is looked up by in `offeredStartTimes`. */
export const slotKey = (s: LocalTime) => `${s.date} ${s.time}`;

/**
 * True when a booking of `length` may start at `date` `time`: it fits the opening hours, has not
 * started, ends within the booking window (where slots exist), and every slot it holds exists, is
 * open and has a place left (so it never overlaps another booking).
 */
export function canHold(
  start: LocalTime,
  length: BookingLength,
  slots: ReadonlyMap<string, SlotState>,
  ctx: { hours: BusinessHours; timeZone: string; now: Date },
): HeldTime | null {
  const held = heldTime(start.date, start.time, length, ctx.hours, ctx.timeZone);
  if (!held || held.slots.length === 0) return null;
  if (slotHasPassed(start.date, start.time, ctx.now, ctx.timeZone)) return null;
  if (daysBetween(lastBookableDate(ctx.now, ctx.timeZone), held.end.date) > 0) return null;
  const free = held.slots.every((s) => {
    const slot = slots.get(slotKey(s));
    return slot?.isAvailable === true && slot.currentBookings < slot.maxBookings;
  });
  return free ? held : null;
}

/** The start times of `date` a booking of `length` may take (see `canHold`), in order. */
export function offeredStartTimes(
  date: string,
  length: BookingLength,
  slots: ReadonlyMap<string, SlotState>,
  ctx: { hours: BusinessHours; timeZone: string; now: Date },
): string[] {
  const candidates = slotTimesForDate(date, ctx.hours, ctx.timeZone);
  return (length.unit === "days" ? candidates.slice(0, 1) : candidates).filter((time) => canHold({ date, time }, length, slots, ctx) !== null);
}

/** The last day a booking of `length` starting on `date` holds (its end's date). */
export function lastHeldDate(date: string, length: BookingLength): string {
  return length.unit === "days" ? addDays(date, length.count - 1) : date;
}
