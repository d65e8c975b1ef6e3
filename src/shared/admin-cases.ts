/**
 * The portal's case rooms (`/admin/cases` and `GET /api/admin/cases`): the list's query (the page's
 * URL and the API's) and its answer. The rooms with something new from the client the business has
 * not opened come first, then the most recently active (decision 079). Written with zod/mini so
 * the island can share it.
 */
import { choiceFilter, defineAdminList, type ListQuery } from "./admin-list";
import { type AdminCaseRoomRow, caseStatuses } from "./case-room";

/** Rooms per page of the list. */
export const adminCasesPageSize = 20;

/** `?status=&page=`, both optional: every room, or those at one step of the timeline. */
export const adminCasesList = defineAdminList({
  path: "/admin/cases",
  pageSize: adminCasesPageSize,
  filters: {
    status: choiceFilter(caseStatuses, "Choose scheduled, in progress, report ready or closed"),
  },
});
export type AdminCasesQuery = ListQuery<typeof adminCasesList>;

/** `GET /api/admin/cases`: one page of rooms and how many match in all. */
export type AdminCaseRoomList = { rooms: AdminCaseRoomRow[]; total: number; page: number; pageSize: number };
