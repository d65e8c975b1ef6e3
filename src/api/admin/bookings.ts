/**
 * The owner's bookings and time slots (behind requireAdmin):
 *
 *   GET   /api/admin/bookings?search=&status=&from=&to=&when=&page=   one page by appointment, with the total
 *   GET   /api/admin/bookings.csv?search=&status=&from=&to=           every matching booking, for the accountant
 *   GET   /api/admin/bookings.xlsx?search=&status=&from=&to=          the same as an Excel workbook
 *   GET   /api/admin/bookings/{reference or id}                       one booking as the list shows it
 *   PATCH /api/admin/bookings/{id}            { status }       through the transition table
 *   POST  /api/admin/bookings/{id}/paid                        marks it paid (money received outside the site), audited
 *   GET   /api/admin/timeslots?from=&to=                       each day's slots and how full it is
 *   POST  /api/admin/timeslots/generate       { from, to }     the missing slots from the business hours
 *   PATCH /api/admin/timeslots/{id}           { available }    block or reopen one slot
 *   POST  /api/admin/timeslots/close          { from, to, reason }  close whole days (decision 077); bookings on them kept and listed
 *   POST  /api/admin/timeslots/reopen         { from, to }     open closed days again, public holidays included
 *
 * Every write is an action (`src/actions/`): a status change (`changeBookingStatusByAdmin`) frees
 * the slot and voids the referral reward on cancel, makes the customer returning on complete, queues
 * the customer's e-mail and writes the audit entry, all in one transaction; marking paid, making
 * slots and blocking one are `markBookingPaidByAdmin`, `generateTimeSlotsByAdmin` and
 * `setSlotAvailabilityByAdmin`. 400 for a bad query or body (nothing changes), 404 for an
 * unknown booking or slot, 409 naming the statuses when the change is not allowed.
 */
import { Hono } from "hono";
import { changeBookingStatusByAdmin } from "../../actions/change-booking-status.server";
import { closeDaysByAdmin } from "../../actions/close-days.server";
import { checkSlotRange, generateTimeSlotsByAdmin, slotsToday } from "../../actions/generate-time-slots.server";
import { markBookingPaidByAdmin } from "../../actions/mark-booking-paid.server";
import { reopenDaysByAdmin } from "../../actions/reopen-days.server";
import { setSlotAvailabilityByAdmin } from "../../actions/set-slot-availability.server";
import { addDays } from "../../domain/timezone";
import { adminBookingsExport } from "../../reads/admin-bookings-export.server";
import { adminBooking, adminBookingsPage, adminSlotOverview } from "../../reads/admin-bookings.server";
import type { AppDeps } from "../../server/deps";
import { notFound } from "../../server/errors";
import { exportResponse } from "../../server/exports";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson, validParams, validQuery } from "../../server/validate";
import {
  adminBookingStatusSchema,
  adminBookingsList,
  adminGenerateSlotsSchema,
  adminSlotAvailabilitySchema,
  adminSlotsQuerySchema,
} from "../../shared/admin-bookings";
import { adminCloseDaysSchema, adminReopenDaysSchema } from "../../shared/admin-calendar";
import { adminRecordKey } from "../../shared/admin-records";
import { markInstalmentPaidQuerySchema } from "../../shared/payment-plan";
import { z } from "../../shared/zod-mini";

const bookingIdSchema = z.object({ id: z.string().check(z.regex(/^[0-9a-f-]{36}$/, "The booking id is a UUID")) });
/** A booking's reference (`BK-7KQ4-M2XD`, any case) or its id: what a record's address names. */
const bookingKeySchema = z.object({
  key: z.string().check(z.refine((key) => adminRecordKey("bookings", key) !== null, "Give the booking's reference (BK-…) or its id")),
});
const slotIdSchema = z.object({ id: z.string().check(z.regex(/^\d{1,15}$/, "The slot id is a whole number")) });

const unknownBooking = () => notFound("There is no such booking.");

export function adminBookingsApi(deps: AppDeps) {
  const today = () => slotsToday(deps);

  return new Hono<AdminEnv>()
    .get("/bookings", validQuery(adminBookingsList.schema), (c) => {
      const q = c.req.valid("query");
      c.header("Cache-Control", "no-store");
      return c.json(adminBookingsPage(deps, q, today()));
    })
    .get("/bookings.csv", validQuery(adminBookingsList.schema), (c) => exportResponse("csv", adminBookingsExport(deps, c.req.valid("query"))))
    .get("/bookings.xlsx", validQuery(adminBookingsList.schema), (c) => exportResponse("xlsx", adminBookingsExport(deps, c.req.valid("query"))))
    .get("/bookings/:key", validParams(bookingKeySchema), (c) => {
      const row = adminBooking(deps, c.req.valid("param").key);
      if (!row) throw unknownBooking();
      c.header("Cache-Control", "no-store");
      return c.json(row);
    })
    .patch("/bookings/:id", validParams(bookingIdSchema), validJson(adminBookingStatusSchema), async (c) => {
      const { id } = c.req.valid("param");
      const { status } = c.req.valid("json");
      await changeBookingStatusByAdmin(deps, c.get("admin"), id, status);
      const row = adminBooking(deps, id);
      if (!row) throw unknownBooking();
      return c.json(row);
    })
    .post("/bookings/:id/paid", validParams(bookingIdSchema), validQuery(markInstalmentPaidQuerySchema), (c) => {
      const { id } = c.req.valid("param");
      const { instalment } = c.req.valid("query");
      markBookingPaidByAdmin(deps, c.get("admin"), id, new Date(), instalment === undefined ? undefined : Number(instalment));
      const row = adminBooking(deps, id);
      if (!row) throw unknownBooking();
      return c.json(row);
    })
    .get("/timeslots", validQuery(adminSlotsQuerySchema), (c) => {
      const q = c.req.valid("query");
      const from = q.from || today();
      const to = q.to || addDays(from, 30);
      checkSlotRange(today(), from, to, { future: false });
      c.header("Cache-Control", "no-store");
      return c.json(adminSlotOverview(deps, from, to));
    })
    .post("/timeslots/generate", validJson(adminGenerateSlotsSchema), (c) => {
      const { from, to } = c.req.valid("json");
      return c.json({ created: generateTimeSlotsByAdmin(deps, c.get("admin"), from, to), from, to });
    })
    .post("/timeslots/close", validJson(adminCloseDaysSchema), (c) => c.json(closeDaysByAdmin(deps, c.get("admin"), c.req.valid("json"))))
    .post("/timeslots/reopen", validJson(adminReopenDaysSchema), (c) => c.json(reopenDaysByAdmin(deps, c.get("admin"), c.req.valid("json"))))
    .patch("/timeslots/:id", validParams(slotIdSchema), validJson(adminSlotAvailabilitySchema), (c) =>
      c.json(setSlotAvailabilityByAdmin(deps, c.get("admin"), Number(c.req.valid("param").id), c.req.valid("json").available)),
    );
}
