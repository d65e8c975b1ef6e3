/**
 * GET /cases/{ref}: the client's case room (decision 079), reached by any of its bookings' `BK-`
 * references; opening it marks it seen by the client (so the next "something new" e-mail may go).
 * POST /cases/{ref}/messages: the message form with JavaScript off, sent by the same action as POST
 * /api/cases/{ref}/messages (one budget); a refusal re-renders the room with the message kept and the
 * reason under the field, success leads back to the room (303) with a notice. Anyone but the room's
 * client gets the 404 page (never 403: whether a room exists is nobody else's business); a signed-out
 * visitor is led to sign in and back. Never cached (`private, no-store`) and never indexed.
 */
import { Hono, type Context } from "hono";
import { markCaseRoomSeen } from "../actions/mark-case-room-seen.server";
import { postCaseMessageByClient } from "../actions/post-case-message.server";
import { bookingReferencePattern } from "../domain/booking";
import { clientCaseRoomPage } from "../reads/case-room-page.server";
import { caseMessageSchema, maxCaseMessageLength } from "../shared/case-room";
import type { AppDeps, AppEnv } from "../server/deps";
import { fieldErrors, HttpError, setErrorHeaders } from "../server/errors";
import { readForm } from "../server/form";
import { requireCustomer, type CustomerEnv } from "../server/middleware/require-customer";
import { servePage } from "../server/render-page";
import { caseRoomNotices, caseRoomPage, caseRoomPagePath, type CaseRoomPageState } from "./case-room";
import { notFoundPage } from "./not-found";

/** A room's path as routed (lowercase); anything else under /cases/ (the identity check, files) is another route's. */
const roomPath = "/cases/:ref{bk-[0-9a-z]{4}-[0-9a-z]{4}}";

/** The reference from the path, in the capitals it is stored in, or null when it cannot be one. */
function referenceOf(c: Context<CustomerEnv>): string | null {
  const reference = (c.req.param("ref") ?? "").toUpperCase();
  return bookingReferencePattern.test(reference) ? reference : null;
}

/** The room as the client sees it now, with what the last form said; the 404 page when it is not theirs. */
function renderRoom(deps: AppDeps, c: Context<CustomerEnv>, reference: string, now: Date, state: CaseRoomPageState = {}) {
  const page = clientCaseRoomPage(deps, c.get("user").id, c.get("sessionId"), reference, now);
  if (!page) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
  return servePage(deps, c, (site) => caseRoomPage(site, page, state));
}

export function showCaseRoom(deps: AppDeps, c: Context<CustomerEnv>) {
  const reference = referenceOf(c);
  if (!reference) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
  const now = new Date();
  // Opened by its client: the business's next news may be e-mailed again (a no-op for anyone else).
  markCaseRoomSeen(deps, c.get("user"), reference, now);
  const notice = caseRoomNotices.get(c.req.query("notice") ?? "");
  return renderRoom(deps, c, reference, now, { notice });
}

/** POST /cases/{ref}/messages (the island posts JSON to /api/cases/{ref}/messages instead). */
export async function submitCaseMessage(deps: AppDeps, c: Context<CustomerEnv>) {
  const reference = referenceOf(c);
  if (!reference) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
  // One character over the limit is kept, so a message too long is refused rather than cut short.
  const body = (await readForm(c, maxCaseMessageLength + 1)).body ?? "";
  const now = new Date();
  const parsed = caseMessageSchema.safeParse({ body });
  if (!parsed.success) return renderRoom(deps, c, reference, now, { draft: { body, error: fieldErrors(parsed.error).body }, status: 400 });
  try {
    postCaseMessageByClient(deps, c.get("user"), reference, parsed.data, now);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 404) return servePage(deps, c, (site) => notFoundPage(site, c.req.path));
    // A limit's Retry-After, as the JSON twin sends it.
    setErrorHeaders(c, error);
    const status = error.status === 409 || error.status === 429 ? error.status : 400;
    const fieldError = error.fields?.body;
    return renderRoom(deps, c, reference, now, { draft: { body, error: fieldError }, formError: fieldError ? undefined : error.message, status });
  }
  return c.redirect(`${caseRoomPagePath(reference)}?notice=sent#case-thread-title`, 303);
}

export function caseRoomRoutes(deps: AppDeps) {
  // A form sent signed out comes back to the room after sign-in, never to the form's address.
  const customer = requireCustomer(deps, { returnTo: (c) => c.req.path.replace(/\/messages$/, "") });
  return new Hono<AppEnv>().get(roomPath, customer, (c) => showCaseRoom(deps, c)).post(`${roomPath}/messages`, customer, (c) => submitCaseMessage(deps, c));
}
