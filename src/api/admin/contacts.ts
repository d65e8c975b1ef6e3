/**
 * The enquiries inbox (behind requireAdmin):
 *
 *   GET    /api/admin/contacts?status=unhandled|handled|all&urgency=&search=&page=   one page, inbox order
 *   GET    /api/admin/contacts.csv?status=&urgency=&search=                          every match, as CSV
 *   GET    /api/admin/contacts/{id}           the enquiry, marked read the first time it is opened
 *   POST   /api/admin/contacts/{id}/handled   marks it handled
 *   POST   /api/admin/contacts/{id}/reopen    takes the mark off
 *   DELETE /api/admin/contacts/{id}
 *
 * Every change is audited (kind enquiries) in the transaction that makes it; the handled mark is an
 * action (`setEnquiryHandledByAdmin`). 400 for a bad query,
 * 404 for an unknown enquiry.
 */
import { Hono } from "hono";
import { setEnquiryHandledByAdmin } from "../../actions/set-enquiry-handled.server";
import { allAdminContacts, contactsSummary, deleteAdminContact, listAdminContacts, openAdminContact } from "../../db/admin-contacts.server";
import { getSettings } from "../../db/settings.server";
import { isoWithOffset } from "../../domain/timezone";
import type { AppDeps } from "../../server/deps";
import { type CsvColumn, csvResponse, toCsv } from "../../server/csv";
import { notFound } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validQuery } from "../../server/validate";
import { type AdminContact, adminContactsList, contactUrgencyLabels, type ContactUrgency } from "../../shared/admin-contacts";

const unknownContact = () => notFound("There is no such enquiry. It may have been deleted.");

/** An instant of the enquiry in the business's time, or empty when it has not happened. */
const at = (iso: string | null, timeZone: string) => (iso ? isoWithOffset(new Date(iso), timeZone) : "");

const csvColumns = (timeZone: string): CsvColumn<AdminContact>[] => [
  { header: "Received", value: (c) => at(c.createdAt, timeZone) },
  { header: "Name", value: (c) => c.name },
  { header: "E-mail", value: (c) => c.email },
  { header: "Phone", value: (c) => c.phone },
  { header: "Service", value: (c) => c.serviceLabel },
  { header: "Urgency", value: (c) => contactUrgencyLabels[c.urgency as ContactUrgency] ?? c.urgency },
  { header: "Read", value: (c) => at(c.readAt, timeZone) },
  { header: "Handled", value: (c) => at(c.handledAt, timeZone) },
  { header: "Message", value: (c) => c.message },
];

export function adminContactsApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/contacts", validQuery(adminContactsList.schema), (c) => c.json(listAdminContacts(deps.db, c.req.valid("query"))))
    .get("/contacts.csv", validQuery(adminContactsList.schema), (c) => {
      const day = new Date().toISOString().slice(0, 10);
      return csvResponse(`enquiries-${day}.csv`, toCsv(csvColumns(getSettings(deps.db).timezone), allAdminContacts(deps.db, c.req.valid("query"))));
    })
    .get("/contacts/summary", (c) => c.json(contactsSummary(deps.db)))
    .get("/contacts/:id", (c) => {
      const contact = openAdminContact(deps.db, c.req.param("id"), c.get("admin"));
      if (!contact) throw unknownContact();
      return c.json(contact);
    })
    .post("/contacts/:id/handled", (c) => c.json(setEnquiryHandledByAdmin(deps, c.get("admin"), c.req.param("id"), true)))
    .post("/contacts/:id/reopen", (c) => c.json(setEnquiryHandledByAdmin(deps, c.get("admin"), c.req.param("id"), false)))
    .delete("/contacts/:id", (c) => {
      if (!deleteAdminContact(deps.db, c.req.param("id"), c.get("admin"))) throw unknownContact();
      return c.body(null, 204);
    });
}
