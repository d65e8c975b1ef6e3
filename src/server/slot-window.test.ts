import { expect, test } from "bun:test";
import { countRows } from "../../tests/helpers/test-app";
import { testAppPerTest } from "../../tests/helpers/per-test";
import { updateSetting } from "../db/settings.server";
import { addDays, dayOfWeek } from "../domain/timezone";
import { slotWindowJob, startSlotWindow } from "./slot-window.server";

const t = testAppPerTest();

/** A Tuesday morning in Adelaide (UTC+10:30 in summer). */
const tuesday = new Date("2026-12-01T08:00:00+10:30");
const dayMs = 24 * 60 * 60 * 1000;

/** Business days (not Sunday) from `from` to `to`, both included. */
function workingDays(from: string, to: string) {
  let n = 0;
  for (let d = from; d <= to; d = addDays(d, 1)) if (dayOfWeek(d) !== 0) n++;
  return n;
}

const slotsOf = (date: string) =>
  t.db.$client
    .query<{ time: string }, [string]>("SELECT time FROM time_slots WHERE date = ? ORDER BY time")
    .all(date)
    .map((r) => r.time);

test("a fresh site gets the whole window at start-up: today to 30 days ahead, from the business hours, and no customer has to ask", () => {
  expect(countRows(t, "time_slots")).toBe(0);
  const stop = startSlotWindow(t.db, 60_000, () => tuesday);
  stop();
  // 09:00 to 17:00 in 60-minute slots, Monday to Saturday (the default business hours).
  expect(slotsOf("2026-12-02")).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"]);
  expect(slotsOf("2026-12-06")).toEqual([]); // a Sunday
  expect(slotsOf("2026-11-30")).toEqual([]); // yesterday
  expect(slotsOf("2026-12-31")).toHaveLength(8); // today + 30
  expect(slotsOf("2027-01-01")).toEqual([]); // beyond the window
  expect(countRows(t, "time_slots")).toBe(8 * workingDays("2026-12-01", "2026-12-31"));
});

test("it fills forward as the days pass, never duplicating a slot or touching a booked or blocked one", () => {
  let now = tuesday;
  const job = slotWindowJob(t.db, () => now);
  const first = job.run();
  expect(first).toBe(8 * workingDays("2026-12-01", "2026-12-31"));
  // Later the same day: nothing is due, nothing is written.
  now = new Date(tuesday.getTime() + 3 * 60 * 60 * 1000);
  expect(job.run()).toBe(0);

  // A booked slot and a blocked one.
  t.db.$client.run("UPDATE time_slots SET current_bookings = 1 WHERE date = '2026-12-02' AND time = '10:00'");
  t.db.$client.run("UPDATE time_slots SET is_available = 0 WHERE date = '2026-12-02' AND time = '11:00'");
  const before = t.db.$client.query("SELECT * FROM time_slots WHERE date = '2026-12-02' ORDER BY time").all();

  // The next day: the window's new last day (Friday 1 January) is added, and only that.
  now = new Date(tuesday.getTime() + dayMs);
  expect(job.run()).toBe(8);
  expect(slotsOf("2027-01-01")).toHaveLength(8);
  expect(t.db.$client.query("SELECT * FROM time_slots WHERE date = '2026-12-02' ORDER BY time").all()).toEqual(before);
  expect(t.db.$client.query("SELECT count(*) AS n FROM (SELECT date, time FROM time_slots GROUP BY date, time HAVING count(*) > 1)").get()).toEqual({ n: 0 });

  // After a week with the site down: the window moves on a week at once, nothing is made for the days gone by.
  now = new Date(tuesday.getTime() + 8 * dayMs);
  expect(job.run()).toBe(8 * workingDays("2027-01-02", "2027-01-08"));
  expect(t.db.$client.query("SELECT max(date) AS last FROM time_slots").get()).toEqual({ last: "2027-01-08" });
  expect(countRows(t, "time_slots")).toBe(8 * workingDays("2026-12-01", "2027-01-08"));
});

test("new business hours are filled in the same day, added beside the slots already there", () => {
  const job = slotWindowJob(t.db, () => tuesday);
  job.run();
  updateSetting(t.db, "businessHours", { start: "09:00", end: "19:00", slotMinutes: 60, days: [1, 2, 3, 4, 5, 6, 0] });
  const added = job.run();
  // Two evening hours on every day of the window, and the Sundays' ten.
  expect(added).toBe(2 * workingDays("2026-12-01", "2026-12-31") + 10 * (31 - workingDays("2026-12-01", "2026-12-31")));
  expect(slotsOf("2026-12-06")).toHaveLength(10);
});

test("the timer keeps filling forward on its interval", async () => {
  let now = tuesday;
  const stop = startSlotWindow(t.db, 20, () => now);
  try {
    expect(slotsOf("2027-01-01")).toEqual([]);
    now = new Date(tuesday.getTime() + dayMs);
    await Bun.sleep(80);
    expect(slotsOf("2027-01-01")).toHaveLength(8);
  } finally {
    stop();
  }
});
