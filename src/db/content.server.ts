/** Reads and writes the content sections of the public pages (see shared/content.ts). */
import { contentSchemas, isContentId, type Content, type ContentId, type ContentSectionView } from "../shared/content";
import { eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "./audit.server";
import { immediate, type Db } from "./client.server";
import { invalid, notFound, publicDataChanged, type PublicWrite } from "./public-data.server";
import { type ContentSection, contentSections } from "./schema";
import { seedContent, seedContentTitles } from "./seed/content";

/** The row's content parsed by its section's schema, or undefined when it is not valid JSON of that shape. */
function parsedContent(id: ContentId, row: ContentSection): Content[ContentId] | undefined {
  try {
    const parsed = contentSchemas[id].safeParse(JSON.parse(row.content));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Invalid JSON keeps the shipped text rather than breaking the page.
    return undefined;
  }
}

/** Every content section, parsed; a missing or invalid section falls back to the shipped text. */
export function getContent(db: Db): Content {
  const content: Record<string, unknown> = { ...seedContent };
  for (const row of db.select().from(contentSections).all()) {
    if (!isContentId(row.id)) continue;
    const parsed = parsedContent(row.id, row);
    if (parsed !== undefined) content[row.id] = parsed;
  }
  return content as Content;
}

/**
 * Every known section for the admin portal, in the order of shared/content.ts, with the text the
 * public pages show (the shipped text when the stored one is missing or invalid).
 */
export function listContentSections(db: Db): ContentSectionView[] {
  const rows = new Map(
    db
      .select()
      .from(contentSections)
      .all()
      .map((row) => [row.id, row]),
  );
  return (Object.keys(contentSchemas) as ContentId[]).map((id) => {
    const row = rows.get(id);
    return {
      id,
      title: row?.title ?? seedContentTitles[id],
      type: row?.type ?? "json",
      content: (row && parsedContent(id, row)) ?? seedContent[id],
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  });
}

/**
 * Replaces one content section with `value`, validated by its schema; signals the change. With an
 * `actor`, the audit entry (the text shown before and after) is written in the same transaction.
 */
export function updateContentSection(db: Db, id: string, value: unknown, actor?: AuditActor): PublicWrite {
  if (!isContentId(id)) return notFound;
  const parsed = contentSchemas[id].safeParse(value);
  if (!parsed.success) return invalid(parsed.error);
  const content = JSON.stringify(parsed.data);
  immediate(db, () => {
    const row = actor ? db.select().from(contentSections).where(eq(contentSections.id, id)).get() : undefined;
    db.insert(contentSections)
      .values({ id, title: seedContentTitles[id], type: "json", content })
      .onConflictDoUpdate({ target: contentSections.id, set: { content, updatedAt: new Date() } })
      .run();
    if (actor) {
      recordAudit(db, actor, {
        kind: "content",
        action: "content.update",
        recordId: id,
        summary: `Updated the ${row?.title ?? seedContentTitles[id]} section`,
        before: (row && parsedContent(id, row)) ?? seedContent[id],
        after: parsed.data,
      });
    }
  });
  publicDataChanged(db);
  return { ok: true };
}
