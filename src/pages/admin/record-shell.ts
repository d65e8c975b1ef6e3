/** The path and title of a list page's shell: the list's, or one record's when the page opens with it. */
import { type AdminRecordList, adminListPath, adminRecordPath } from "../../shared/admin-records";

/** `/admin/orders` and "Orders", or `/admin/orders/pi-…` and `recordTitle` when `openRecord` is given. */
export function recordShell(list: AdminRecordList, openRecord: string | null, listTitle: string, recordTitle: string): { path: string; title: string } {
  return openRecord ? { path: adminRecordPath(list, openRecord), title: recordTitle } : { path: adminListPath(list), title: listTitle };
}
