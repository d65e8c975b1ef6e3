/**
 * The enquiries inbox (behind requireAdmin):
 *
 *   GET    /api/admin/contacts?status=unhandled|handled|all&urgency=&search=&page=   one page, inbox order
 *   GET    /api/admin/contacts.csv?status=&urgency=&search=                          every match, as CSV
 *   GET    /api/admin/contacts.xlsx?status=&urgency=&search=                         the same as an Excel workbook
 *   GET    /api/admin/contacts/{id}           the enquiry, marked read the first time it is opened
 *   POST   /api/admin/contacts/{id}/handled   marks it handled
 *   POST   /api/admin/contacts/{id}/reopen    takes the mark off
 *   DELETE /api/admin/contacts/{id}
 *
 * Every change is audited (kind enquiries) in the transaction that makes it; opening (which marks
 * it read), the handled mark and deleting are actions (`openEnquiryByAdmin`,
 * `setEnquiryHandledByAdmin`, `deleteEnquiryByAdmin`). 400 for a bad query, 404 for an unknown enquiry.
 */
import { Hono } from "hono";
import { deleteEnquiryByAdmin } from "../../actions/delete-enquiry.server";
import { openEnquiryByAdmin } from "../../actions/open-enquiry.server";
import { setEnquiryHandledByAdmin } from "../../actions/set-enquiry-handled.server";
import { adminContactsExport } from "../../reads/admin-contacts-export.server";
import { adminContactsPage, adminContactsSummary } from "../../reads/admin-contacts.server";
import type { AppDeps } from "../../server/deps";
import { exportResponse } from "../../server/exports";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validQuery } from "../../server/validate";
import { adminContactsList } from "../../shared/admin-contacts";

export function adminContactsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/contacts", validQuery(adminContactsList.schema), (c) => c.json(adminContactsPage(deps, c.req.valid("query"))))
    .get("/contacts.csv", validQuery(adminContactsList.schema), (c) => exportResponse("csv", adminContactsExport(deps, c.req.valid("query"))))
    .get("/contacts.xlsx", validQuery(adminContactsList.schema), (c) => exportResponse("xlsx", adminContactsExport(deps, c.req.valid("query"))))
    .get("/contacts/summary", (c) => c.json(adminContactsSummary(deps)))
    .get("/contacts/:id", (c) => c.json(openEnquiryByAdmin(deps, c.get("admin"), c.req.param("id"))))
    .post("/contacts/:id/handled", (c) => c.json(setEnquiryHandledByAdmin(deps, c.get("admin"), c.req.param("id"), true)))
    .post("/contacts/:id/reopen", (c) => c.json(setEnquiryHandledByAdmin(deps, c.get("admin"), c.req.param("id"), false)))
    .delete("/contacts/:id", (c) => {
      deleteEnquiryByAdmin(deps, c.get("admin"), c.req.param("id"));
      return c.body(null, 204);
    });
}
