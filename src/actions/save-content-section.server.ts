/**
 * The owner saves one text section of the public pages (PUT /api/admin/content/{id}), checked by that
 * section's own schema and written with its audit entry in one transaction (`updateContentSection`),
 * the public pages fresh at their next request.
 */
import type { AuditActor } from "../db/audit.server";
import { listContentSections, updateContentSection } from "../db/content.server";
import { badRequest, notFound } from "../server/errors";
import { type ContentSectionView, isContentId } from "../shared/content";
import type { ActionDeps } from "./action";
import { assertWritten } from "./public-write.server";

const missing = "No content section has this id.";

/**
 * Saves `content` as section `sectionId` for `admin` (`bodyId` is the id the body names, if any);
 * answers the section as saved, or throws 404 or 400 with the body's field names.
 */
export function saveContentSectionByAdmin(
  deps: ActionDeps,
  admin: AuditActor,
  sectionId: string,
  section: { id?: string; content: unknown },
): ContentSectionView {
  if (!isContentId(sectionId)) throw notFound(missing);
  if (section.id !== undefined && section.id !== sectionId) throw badRequest("Some fields need attention.", { id: "Does not match the section being saved" });
  // The field names of a refusal are the body's: the section's own fields sit under `content`.
  assertWritten(updateContentSection(deps.db, sectionId, section.content, admin), missing, "content");
  const saved = listContentSections(deps.db).find((s) => s.id === sectionId);
  if (!saved) throw notFound(missing);
  return saved;
}
