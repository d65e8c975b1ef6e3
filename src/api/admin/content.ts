/**
 * The public pages' texts in the admin portal (behind requireAdmin): GET /api/admin/content lists
 * every section; PUT /api/admin/content/{id} saves one, validated by that section's own schema.
 */
import { Hono } from "hono";
import { listContentSections, updateContentSection } from "../../db/content.server";
import { type ContentSectionView, contentSectionPutSchema, isContentId } from "../../shared/content";
import type { AppDeps } from "../../server/deps";
import { badRequest, notFound } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson } from "../../server/validate";
import { assertWritten } from "./write-result";

const missing = "No content section has this id.";

export function adminContentApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/content", (c) => {
      const body: ContentSectionView[] = listContentSections(deps.db);
      return c.json(body);
    })
    .put("/content/:id", validJson(contentSectionPutSchema), (c) => {
      const id = c.req.param("id");
      if (!isContentId(id)) throw notFound(missing);
      const section = c.req.valid("json");
      if (section.id !== undefined && section.id !== id) throw badRequest("Some fields need attention.", { id: "Does not match the section being saved" });
      // The field names of a refusal are the body's: the section's own fields sit under `content`.
      assertWritten(updateContentSection(deps.db, id, section.content, c.get("admin")), missing, "content");
      const saved: ContentSectionView | undefined = listContentSections(deps.db).find((s) => s.id === id);
      return c.json(saved);
    });
}
