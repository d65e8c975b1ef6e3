/** Reads and writes the content sections of the public pages (see shared/content.ts). */
import { contentSchemas, isContentId, type Content } from "../shared/content";
import { immediate, type Db } from "./client.server";
import { invalid, notFound, publicDataChanged, type PublicWrite } from "./public-data.server";
import { contentSections } from "./schema";
import { seedContent, seedContentTitles } from "./seed/content";

/** Every content section, parsed; a missing or invalid section falls back to the shipped text. */
export function getContent(db: Db): Content {
  const content: Record<string, unknown> = { ...seedContent };
  for (const row of db.select().from(contentSections).all()) {
    if (!isContentId(row.id)) continue;
    try {
      const parsed = contentSchemas[row.id].safeParse(JSON.parse(row.content));
      if (parsed.success) content[row.id] = parsed.data;
    } catch {
      // Invalid JSON keeps the shipped text rather than breaking the page.
    }
  }
  return content as Content;
}

/** Replaces one content section with `value`, validated by its schema; signals the change. */
export function updateContentSection(db: Db, id: string, value: unknown): PublicWrite {
  if (!isContentId(id)) return notFound;
  const parsed = contentSchemas[id].safeParse(value);
  if (!parsed.success) return invalid(parsed.error);
  const content = JSON.stringify(parsed.data);
  immediate(db, () => {
    db.insert(contentSections)
      .values({ id, title: seedContentTitles[id], type: "json", content })
      .onConflictDoUpdate({ target: contentSections.id, set: { content, updatedAt: new Date() } })
      .run();
  });
  publicDataChanged(db);
  return { ok: true };
}
