/**
 * The case room as each side sees it (decision 079): the client through their own booking's
 * reference, the business through any booking's. Opening it is marked by an action
 * (`mark-case-room-seen.server.ts`), never here: a read changes nothing.
 */
import { type CaseRoomTarget, caseRoomTargetForBusiness, caseRoomTargetForClient, caseRoomViewOf } from "../db/case-rooms.server";
import { getSettings } from "../db/settings.server";
import type { CaseRoomView, CaseSide } from "../shared/case-room";
import type { ReadDeps } from "./read";

function viewOf(deps: ReadDeps, target: CaseRoomTarget, side: CaseSide): CaseRoomView {
  const settings = getSettings(deps.db);
  return caseRoomViewOf(deps.db, target, side, { businessName: settings.businessName, retentionDays: settings.caseFileRetentionDays });
}

/** The room the signed-in customer `userId` reaches by `reference`, or null (404: not theirs, no such booking, or cancelled with no room). */
export function clientCaseRoomView(deps: ReadDeps, userId: string, reference: string, _now = new Date()): CaseRoomView | null {
  const target = caseRoomTargetForClient(deps.db, reference, userId);
  return target ? viewOf(deps, target, "client") : null;
}

/** The room the business reaches by `reference`, or null when no booking with a customer has it. */
export function businessCaseRoomView(deps: ReadDeps, reference: string, _now = new Date()): CaseRoomView | null {
  const target = caseRoomTargetForBusiness(deps.db, reference);
  return target ? viewOf(deps, target, "business") : null;
}
