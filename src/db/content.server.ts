/** Reads the content sections of the public pages (see shared/content.ts). */
import { contentSchemas, isContentId, type Content } from "../shared/content";
import type { Db } from "./client.server";
import { contentSections } from "./schema";
import { seedContent } from "./seed/content";

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
