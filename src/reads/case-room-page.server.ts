/**
 * What the client's case room page shows (/cases/{ref}): the room as the client sees it, and whether
 * their sign-in is recent enough for files to open (decision 081), so the page offers one way to
 * confirm it instead of links and players that would only be turned away.
 */
import { downloadNeedsConfirmation } from "../server/auth/recent-sign-in.server";
import type { CaseRoomView } from "../shared/case-room";
import { clientCaseRoomView } from "./case-room.server";
import type { ReadDeps } from "./read";

export type ClientCaseRoomPage = { view: CaseRoomView; filesNeedConfirmation: boolean };

/** The room `reference` of the customer `userId` signed in with session `sessionId`, or null (404) when it is not theirs to see. */
export function clientCaseRoomPage(deps: ReadDeps, userId: string, sessionId: string | null, reference: string, now: Date): ClientCaseRoomPage | null {
  const view = clientCaseRoomView(deps, userId, reference, now);
  if (!view) return null;
  return { view, filesNeedConfirmation: downloadNeedsConfirmation(deps.db, sessionId, now) };
}
