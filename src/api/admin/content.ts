/**
 * The public pages' texts in the admin portal (behind requireAdmin): GET /api/admin/content lists
 * every section; PUT /api/admin/content/{id} saves one, validated by that section's own schema.
 */
import { Hono } from "hono";
import { saveContentSectionByAdmin } from "../../actions/save-content-section.server";
import { adminContentSections } from "../../reads/admin-content.server";
import type { AppDeps } from "../../server/deps";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validJson } from "../../server/validate";
import { type ContentSectionView, contentSectionPutSchema } from "../../shared/content";

export function adminContentApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/content", (c) => {
      const body: ContentSectionView[] = adminContentSections(deps);
      return c.json(body);
    })
    .put("/content/:id", validJson(contentSectionPutSchema), (c) =>
      c.json(saveContentSectionByAdmin(deps, c.get("admin"), c.req.param("id"), c.req.valid("json"))),
    );
}
