/** The portal's list of case rooms (`/admin/cases`): unseen news from clients first, then the most recently active. */
import { listAdminCaseRooms } from "../db/case-rooms.server";
import type { AdminCaseRoomList, AdminCasesQuery } from "../shared/admin-cases";
import type { ReadDeps } from "./read";

/** One page of rooms matching `query`, with the total. */
export function adminCaseRoomsPage(deps: ReadDeps, query: AdminCasesQuery): AdminCaseRoomList {
  return listAdminCaseRooms(deps.db, query);
}
