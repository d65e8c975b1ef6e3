/**
 * The enquiries inbox (`/api/admin/contacts`): the filtered list a page at a time, in the inbox
 * order (unhandled first, emergencies first among them, newest first), and the owner's changes to
 * one enquiry (read, handled, reopened, deleted), each audited in its own transaction.
 *
 * The inbox order is the order of `contacts_inbox_idx` on `(handled_at is not null)`,
 * `(urgency <> 'emergency')`, `created_at`, but with the newest first. An index in one direction
 * cannot give a mixed-direction order without sorting every row, so the inbox is read as its (up to)
 * four groups, unhandled emergencies, other unhandled, handled emergencies, other handled, each an
 * equality search on the index's two expressions walked backwards by `created_at`: a page reads
 * only its own rows, whatever the size of the inbox.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import { contactExtraServiceLabels, retiredContactServiceLabels } from "../shared/contact";
import { type AdminContact, type AdminContactList, type AdminContactsSummary, type AdminContactsQuery, adminContactsPageSize } from "../shared/admin-contacts";
import { type AuditActor, recordAudit } from "./audit.server";
import { deleteCaseNotesOfRecord } from "./case-notes.server";
import { immediate, type Db } from "./client.server";
import { searchTerms } from "./admin-search.server";
import { listAllPricing } from "./pricing.server";
import { contacts, type Contact } from "./schema";

const handledExpr = sql`(${contacts.handledAt} is not null)`;
const routineExpr = sql`(${contacts.urgency} <> 'emergency')`;

/** One group of the inbox: handled or not, routine (not an emergency) or not. */
type InboxGroup = { handled: 0 | 1; routine: 0 | 1 };
const inboxGroups: InboxGroup[] = [
  { handled: 0, routine: 0 },
  { handled: 0, routine: 1 },
  { handled: 1, routine: 0 },
  { handled: 1, routine: 1 },
];

/** The groups a filter can match, in the inbox order. */
function groupsFor(query: AdminContactsQuery): InboxGroup[] {
  const { status } = query;
  return inboxGroups.filter(
    (g) => (status === "all" || g.handled === (status === "handled" ? 1 : 0)) && (!query.urgency || g.routine === (query.urgency === "emergency" ? 0 : 1)),
  );
}

/** The conditions of one group of a filtered inbox, with the index's own expressions first. */
export function inboxGroupConditions(group: InboxGroup, query: AdminContactsQuery): SQL | undefined {
  const conditions: SQL[] = [sql`${handledExpr} = ${group.handled}`, sql`${routineExpr} = ${group.routine}`];
  if (query.urgency && query.urgency !== "emergency") conditions.push(eq(contacts.urgency, query.urgency));
  if (query.search) {
    const { pattern } = searchTerms(query.search);
    const like = (column: SQL) => sql`${column} like ${pattern} escape '\\'`;
    conditions.push(sql`(${like(sql`${contacts.name}`)} or ${like(sql`${contacts.email}`)} or ${like(sql`${contacts.message}`)})`);
  }
  return and(...conditions);
}

/** Newest first within a group; rowid breaks ties of the same millisecond (the index holds it). */
export const inboxGroupOrder = [sql`${contacts.createdAt} desc`, sql`${contacts}.rowid desc`] as const;

/** How each service value of the form is named: the package's name from pricing, or the form's own label. */
export function contactServiceLabels(db: Db): Map<string, string> {
  const labels = new Map(Object.entries({ ...retiredContactServiceLabels, ...contactExtraServiceLabels }));
  for (const p of listAllPricing(db)) labels.set(p.id, p.name);
  return labels;
}

function toAdminContact(c: Contact, labels: Map<string, string>): AdminContact {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    service: c.service,
    serviceLabel: labels.get(c.service) ?? c.service,
    urgency: c.urgency,
    message: c.message,
    createdAt: c.createdAt.toISOString(),
    readAt: c.readAt ? c.readAt.toISOString() : null,
    handledAt: c.handledAt ? c.handledAt.toISOString() : null,
  };
}

/**
 * How many enquiries one group of the filtered inbox holds: read from the kept counts
 * (contact_counts, migration 0037) unless the inbox is searched, then counted on the index.
 */
function groupCount(db: Db, group: InboxGroup, query: AdminContactsQuery, where: SQL | undefined): number {
  if (query.search) return db.select({ n: sql<number>`count(*)` }).from(contacts).where(where).get()?.n ?? 0;
  const urgency = query.urgency && query.urgency !== "emergency" ? query.urgency : null;
  return (
    db.$client
      .query<{ n: number }, [number, number, string | null]>(
        "SELECT coalesce(sum(n), 0) AS n FROM contact_counts WHERE handled = ?1 AND (urgency = 'emergency') = ?2 AND (?3 IS NULL OR urgency = ?3)",
      )
      .get(group.handled, group.routine === 0 ? 1 : 0, urgency)?.n ?? 0
  );
}

/** Up to `limit` enquiries of the filtered inbox after the first `offset`, in the inbox order, and how many match in all. */
function readInbox(db: Db, query: AdminContactsQuery, offset: number, limit: number): { rows: Contact[]; total: number } {
  return db.$client.transaction(() => {
    const rows: Contact[] = [];
    let total = 0;
    let skip = offset;
    for (const group of groupsFor(query)) {
      const where = inboxGroupConditions(group, query);
      const count = groupCount(db, group, query, where);
      total += count;
      if (skip >= count) {
        skip -= count;
        continue;
      }
      const room = limit - rows.length;
      if (room <= 0) continue;
      rows.push(
        ...db
          .select()
          .from(contacts)
          .where(where)
          .orderBy(...inboxGroupOrder)
          .limit(room)
          .offset(skip)
          .all(),
      );
      skip = 0;
    }
    return { rows, total };
  })();
}

/** One page of the inbox and how many match in all; the reads share one transaction, so they agree. */
export function listAdminContacts(db: Db, query: AdminContactsQuery): AdminContactList {
  const { page } = query;
  const labels = contactServiceLabels(db);
  const { rows, total } = readInbox(db, query, (page - 1) * adminContactsPageSize, adminContactsPageSize);
  return { contacts: rows.map((c) => toAdminContact(c, labels)), total, page, pageSize: adminContactsPageSize };
}

/** Every enquiry matching the filters, in the inbox order (the CSV export). */
export function allAdminContacts(db: Db, query: AdminContactsQuery): AdminContact[] {
  const labels = contactServiceLabels(db);
  return readInbox(db, query, 0, Number.MAX_SAFE_INTEGER).rows.map((c) => toAdminContact(c, labels));
}

/** One enquiry, or undefined. */
export function adminContact(db: Db, id: string): AdminContact | undefined {
  const row = db.select().from(contacts).where(eq(contacts.id, id)).get();
  return row ? toAdminContact(row, contactServiceLabels(db)) : undefined;
}

/** Marks an enquiry read the first time the owner opens it (audited once); answers it, or undefined. */
export function openAdminContact(db: Db, id: string, actor: AuditActor, now = new Date()): AdminContact | undefined {
  immediate(db, () => {
    const read = db
      .update(contacts)
      .set({ readAt: now })
      .where(and(eq(contacts.id, id), sql`${contacts.readAt} is null`))
      .returning({ id: contacts.id, name: contacts.name })
      .get();
    if (read) recordAudit(db, actor, { kind: "enquiries", action: "enquiry.read", recordId: id, summary: `Read the enquiry from ${read.name}.` }, now);
  });
  return adminContact(db, id);
}

/**
 * Marks an enquiry handled (`handled` true) or reopens it; answers it, or undefined when there is
 * none. Setting what is already so changes nothing and records nothing.
 */
export function setContactHandled(db: Db, id: string, handled: boolean, actor: AuditActor, now = new Date()): AdminContact | undefined {
  immediate(db, () => {
    const before = db.select().from(contacts).where(eq(contacts.id, id)).get();
    if (!before || (before.handledAt !== null) === handled) return;
    db.update(contacts)
      .set({ handledAt: handled ? now : null, readAt: before.readAt ?? now })
      .where(eq(contacts.id, id))
      .run();
    recordAudit(
      db,
      actor,
      {
        kind: "enquiries",
        action: handled ? "enquiry.handled" : "enquiry.reopen",
        recordId: id,
        summary: handled ? `Marked the enquiry from ${before.name} handled.` : `Reopened the enquiry from ${before.name}.`,
        before: { handled: before.handledAt !== null },
        after: { handled },
      },
      now,
    );
  });
  return adminContact(db, id);
}

/** Deletes an enquiry, recording who sent it and when in the audit log; false when there was none. */
export function deleteAdminContact(db: Db, id: string, actor: AuditActor, now = new Date()): boolean {
  return immediate(db, () => {
    const gone = db.delete(contacts).where(eq(contacts.id, id)).returning().get();
    if (!gone) return false;
    deleteCaseNotesOfRecord(db, "contacts", id);
    recordAudit(
      db,
      actor,
      {
        kind: "enquiries",
        action: "enquiry.delete",
        recordId: id,
        summary: `Deleted the enquiry from ${gone.name} <${gone.email}> received ${gone.createdAt.toISOString()}.`,
        before: { name: gone.name, email: gone.email, service: gone.service, urgency: gone.urgency },
      },
      now,
    );
    return true;
  });
}

/** What the dashboard shows: how many enquiries wait to be handled, and how many of those are emergencies (both from the kept counts). */
export function contactsSummary(db: Db): AdminContactsSummary {
  const row = db.$client
    .query<AdminContactsSummary, []>(
      "SELECT coalesce(sum(n), 0) AS unhandled, coalesce(sum(CASE WHEN urgency = 'emergency' THEN n END), 0) AS emergencies FROM contact_counts WHERE handled = 0",
    )
    .get();
  return { unhandled: row?.unhandled ?? 0, emergencies: row?.emergencies ?? 0 };
}
