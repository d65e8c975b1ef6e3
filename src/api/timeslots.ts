/**
 * Time slots: GET /api/timeslots/{date} (or ?date=) lists the free slots of a date; POST
 * /api/timeslots/generate creates missing slots for a range inside today..today+30.
 */
import { Hono } from "hono";
import { getSettings } from "../db/settings.server";
import { freeSlots, generateSlots } from "../db/timeslots.server";
import { generationRangeProblem, isBookableDate } from "../domain/slots";
import { isIsoDate } from "../domain/timezone";
import { generateSlotsSchema } from "../shared/booking";
import type { AppDeps, AppEnv } from "../server/deps";
import { badRequest } from "../server/errors";
import { requireUser } from "../server/middleware/require-user";
import { rateLimit } from "../server/middleware/rate-limit";
import { validJson } from "../server/validate";

export function timeslotsApi(deps: AppDeps) {
  const api = new Hono<AppEnv>();

  const list = (date: string | undefined) => {
    if (!date || !isIsoDate(date)) throw badRequest("Choose a date written YYYY-MM-DD.", { date: "Date is required" });
    const settings = getSettings(deps.db);
    const now = new Date();
    if (!isBookableDate(date, now, settings.timezone)) return [];
    return freeSlots(deps.db, date, now, settings.timezone).map((s) => ({ id: s.id, date: s.date, time: s.time }));
  };

  api.get("/", (c) => c.json(list(c.req.query("date"))));
  api.get("/:date{\\d{4}-\\d{2}-\\d{2}}", (c) => c.json(list(c.req.param("date"))));

  api.post(
    "/generate",
    requireUser,
    rateLimit(deps.limits.slotGeneration, "Too many requests. Please wait a minute and try again."),
    validJson(generateSlotsSchema),
    (c) => {
      const { startDate, endDate } = c.req.valid("json");
      const settings = getSettings(deps.db);
      const problem = generationRangeProblem(startDate, endDate, new Date(), settings.timezone);
      if (problem) throw badRequest(problem, { startDate: problem });
      const created = generateSlots(deps.db, startDate, endDate, settings.businessHours, settings.timezone);
      return c.json({ created });
    },
  );

  return api;
}
