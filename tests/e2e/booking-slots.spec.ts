/**
 * A fresh binary has times to book without anyone generating them: the site fills its booking
 * window at start-up (server/slot-window.server.ts); a customer cannot generate slots at all.
 */
import { publicHoliday } from "../../src/domain/holidays";
import { addDays, dayOfWeek } from "../../src/domain/timezone";
import { expect, ownSiteTest, signInAs } from "./fixtures";

const test = ownSiteTest();

test("a fresh site offers times on the next working day and on the window's last day; customers cannot generate slots", async ({ page, context, ownSite }) => {
  const request = page.request;
  const { from, to, dates } = (await (await request.get(`${ownSite.url}/api/timeslots/days`)).json()) as { from: string; to: string; dates: string[] };
  expect(to).toBe(addDays(from, 30));
  let nextWorkingDay = addDays(from, 1);
  // Sundays and public holidays are closed (decision 077).
  while (dayOfWeek(nextWorkingDay) === 0 || publicHoliday(nextWorkingDay)) nextWorkingDay = addDays(nextWorkingDay, 1);
  const times = (await (await request.get(`${ownSite.url}/api/timeslots/${nextWorkingDay}`)).json()) as { time: string }[];
  expect(times.map((t) => t.time)).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"]);
  expect(dates).toContain(nextWorkingDay);
  if (dayOfWeek(to) !== 0 && !publicHoliday(to)) expect(dates).toContain(to);

  await signInAs(context, ownSite, "quinn@example.com");
  const generate = await request.post(`${ownSite.url}/api/timeslots/generate`, { headers: { Origin: ownSite.url }, data: { startDate: from, endDate: to } });
  expect(generate.status()).toBe(404);
});
