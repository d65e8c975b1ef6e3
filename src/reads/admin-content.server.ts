/** What the owner sees of the public pages' texts: every section as its editor holds it. */
import { listContentSections } from "../db/content.server";
import type { ContentSectionView } from "../shared/content";
import type { ReadDeps } from "./read";

/** Every content section with its current text and when it was last saved. */
export function adminContentSections(deps: ReadDeps): ContentSectionView[] {
  return listContentSections(deps.db);
}
