/**
 * Case notes on the records of the back office (behind requireAdmin, decision 041):
 *
 *   GET    /api/admin/notes/{list}/{key}   the record's notes, newest first (list: contacts, bookings, orders, users)
 *   POST   /api/admin/notes/{list}/{key}   { body }  adds a note by the signed-in admin (201)
 *   DELETE /api/admin/notes/{id}           deletes one of the admin's own notes (204)
 *
 * Adding and deleting are actions (`addCaseNoteByAdmin`, `deleteCaseNoteByAdmin`). 400 for a bad list, key or body, 404 for an unknown record or note, 403 `not_yours` for another
 * admin's note; nothing changes on a refusal.
 */
import { Hono } from "hono";
import { addCaseNoteByAdmin, unknownRecord } from "../../actions/add-case-note.server";
import { deleteCaseNoteByAdmin } from "../../actions/delete-case-note.server";
import { caseNotesOfRecord } from "../../reads/admin-notes.server";
import { adminRecordKey } from "../../shared/admin-records";
import type { AppDeps } from "../../server/deps";
import { badRequest } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson, validParams } from "../../server/validate";
import { caseNoteLists, caseNoteRecordNames, caseNoteSchema, type CaseNoteList } from "../../shared/admin-notes";
import { z } from "../../shared/zod-mini";

const recordParamsSchema = z.object({ list: z.enum(caseNoteLists, "Notes are kept on enquiries, bookings, orders and customers"), key: z.string() });
const noteIdSchema = z.object({ id: z.string().check(z.regex(/^\d{1,15}$/, "The note id is a whole number")) });

/** The record's key as stored (order numbers upper case), or a 400 when it is not well formed. */
function recordKeyOf(list: CaseNoteList, key: string): string {
  const valid = adminRecordKey(list, key);
  if (!valid) throw badRequest(`That is not a valid ${caseNoteRecordNames[list]} reference.`, { key: "Not a valid reference" });
  return valid;
}

export function adminNotesApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/notes/:list/:key", validParams(recordParamsSchema), (c) => {
      const { list, key } = c.req.valid("param");
      const notes = caseNotesOfRecord(deps, list, recordKeyOf(list, key), c.get("admin"));
      if (!notes) throw unknownRecord(list);
      c.header("Cache-Control", "no-store");
      return c.json({ notes });
    })
    .post("/notes/:list/:key", validParams(recordParamsSchema), validJson(caseNoteSchema), (c) => {
      const { list, key } = c.req.valid("param");
      return c.json(addCaseNoteByAdmin(deps, c.get("admin"), list, recordKeyOf(list, key), c.req.valid("json").body), 201);
    })
    .delete("/notes/:id", validParams(noteIdSchema), (c) => {
      deleteCaseNoteByAdmin(deps, c.get("admin"), Number(c.req.valid("param").id));
      return c.body(null, 204);
    });
}
