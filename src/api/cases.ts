/**
 * The case room for its client (decision 079), behind the sign-in (401 otherwise):
 *
 *   GET  /api/cases/{ref}            the room (CaseRoomView), marked seen by the client
 *   POST /api/cases/{ref}/messages   { body }  a message to the business: 201 { id, room }
 *
 * `{ref}` is any of the room's bookings' references, in any case. A booking that is not the
 * customer's, or a cancelled one with no room, answers 404 (never 403). A closed room takes no more
 * messages (409 `case_closed`). The files' routes are in `case-uploads.ts` and `pages/case-files.routes.ts`.
 */
import { Hono } from "hono";
import { markCaseRoomSeen } from "../actions/mark-case-room-seen.server";
import { noCaseRoom, postCaseMessageByClient } from "../actions/post-case-message.server";
import { clientCaseRoomView } from "../reads/case-room.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { requireUser, signedInUser } from "../server/middleware/require-user";
import { validJson } from "../server/validate";
import { type CaseRoomView, caseMessageSchema } from "../shared/case-room";

export function casesApi(deps: AppDeps) {
  const roomOf = (userId: string, reference: string): CaseRoomView => {
    const room = clientCaseRoomView(deps, userId, reference);
    if (!room) throw noCaseRoom();
    return room;
  };
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/:ref", (c) => {
      const user = signedInUser(c);
      const room = roomOf(user.id, c.req.param("ref"));
      markCaseRoomSeen(deps, user, c.req.param("ref"));
      c.header("Cache-Control", "no-store");
      return c.json(room);
    })
    .post("/:ref/messages", validJson(caseMessageSchema), (c) => {
      const user = signedInUser(c);
      const { id } = postCaseMessageByClient(deps, user, c.req.param("ref"), c.req.valid("json"));
      return c.json({ id, room: roomOf(user.id, c.req.param("ref")) }, 201);
    });
}
