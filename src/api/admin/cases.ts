/**
 * Case rooms for the business (decision 079), behind requireAdmin; owners and staff alike
 * (`domain/admin-roles.ts`):
 *
 *   GET  /api/admin/cases?status=&page=   one page of rooms (AdminCaseRoomList), unseen news first
 *   GET  /api/admin/cases/{ref}           the room (CaseRoomView), marked seen by the business
 *   POST /api/admin/cases/{ref}/updates   { status, note?, notify }  201 { id, room }; 409 `files_deleted` to reopen a case whose files went
 *   POST /api/admin/cases/{ref}/messages  { body }  201 { id, room }
 *   POST /api/admin/cases/{ref}/gather    { bookingReference }  the customer's other booking joins the room: 200 room
 *
 * `{ref}` is any booking's reference, in any case; a booking with no customer answers 404. Every
 * write is an action, audited without its words. The files' routes are in `case-files.ts` and the uploads'.
 */
import { Hono } from "hono";
import { gatherCaseBookingByAdmin } from "../../actions/gather-case-booking.server";
import { markCaseRoomSeenByAdmin } from "../../actions/mark-case-room-seen.server";
import { noCaseRoom, postCaseMessageByAdmin } from "../../actions/post-case-message.server";
import { updateCaseStatusByAdmin } from "../../actions/update-case-status.server";
import { adminCaseRoomsPage } from "../../reads/admin-case-rooms.server";
import { businessCaseRoomView } from "../../reads/case-room.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson, validQuery } from "../../server/validate";
import { adminCasesList } from "../../shared/admin-cases";
import { type CaseRoomView, caseGatherSchema, caseMessageSchema, caseUpdateSchema } from "../../shared/case-room";

export function adminCasesApi(deps: AppDeps) {
  const roomOf = (reference: string): CaseRoomView => {
    const room = businessCaseRoomView(deps, reference);
    if (!room) throw noCaseRoom();
    return room;
  };
  return new Hono<AdminEnv>()
    .get("/cases", validQuery(adminCasesList.schema), (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(adminCaseRoomsPage(deps, c.req.valid("query")));
    })
    .get("/cases/:ref", (c) => {
      const room = roomOf(c.req.param("ref"));
      markCaseRoomSeenByAdmin(deps, c.get("admin"), c.req.param("ref"));
      c.header("Cache-Control", "no-store");
      return c.json(room);
    })
    .post("/cases/:ref/updates", validJson(caseUpdateSchema), (c) => {
      const { id } = updateCaseStatusByAdmin(deps, c.get("admin"), c.req.param("ref"), c.req.valid("json"));
      return c.json({ id, room: roomOf(c.req.param("ref")) }, 201);
    })
    .post("/cases/:ref/messages", validJson(caseMessageSchema), (c) => {
      const { id } = postCaseMessageByAdmin(deps, c.get("admin"), c.req.param("ref"), c.req.valid("json"));
      return c.json({ id, room: roomOf(c.req.param("ref")) }, 201);
    })
    .post("/cases/:ref/gather", validJson(caseGatherSchema), (c) => {
      gatherCaseBookingByAdmin(deps, c.get("admin"), c.req.param("ref"), c.req.valid("json"));
      return c.json(roomOf(c.req.param("ref")));
    });
}
