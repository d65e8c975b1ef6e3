/** The business's daily digest: the dashboard's to-do list (the same groups) and, while anything is missing, the "Before you go live" checklist. */
import { nounList, splitTodoGroups, type TodoGroup } from "../../shared/admin-todo";
import type { GoLiveItem } from "../../shared/go-live";
import type { MailMessage } from "../outbox.server";
import { type VisitorText, visitorText } from "../visitor-text";
import { plainText } from "./layout";

/** A to-do item as the digest quotes it. */
export type DigestItem = { label: VisitorText; detail: VisitorText; href: string };

/** A to-do group as the digest quotes it. */
export type DigestGroup = Omit<TodoGroup, "items"> & { items: DigestItem[] };

/**
 * The to-do groups made safe to quote: an item's label and detail carry what visitors typed (an
 * enquirer's name, a review's title, a shipping name), so each is one cleaned line.
 */
export function digestGroups(groups: readonly TodoGroup[]): DigestGroup[] {
  return groups.map((g) => ({ ...g, items: g.items.map((i) => ({ label: visitorText(i.label, 120), detail: visitorText(i.detail, 300), href: i.href })) }));
}

export type DailyDigestInput = {
  groups: DigestGroup[];
  checklist: GoLiveItem[];
  businessName: string;
  businessEmail: string;
  /** The site's origin, for the links into the admin portal. */
  origin: string;
  /** The business day it is for, as words ("Wednesday 25 November 2026"). */
  dayText: string;
  /** When it comes, as words ("8:00 am Adelaide time"). */
  sendsAt: string;
};

/**
 * The digest of one day, in the to-do list's groups and order: each group with something waiting,
 * its count and its first items, each item one indented line ending with its link (a list in the
 * HTML part, mail/html.ts); the groups with nothing waiting named in one line; what is missing
 * before going live; then the dashboard, once.
 */
export function dailyDigestMail(d: DailyDigestInput): MailMessage {
  const { waiting, empty } = splitTodoGroups(d.groups);
  const total = waiting.reduce((n, g) => n + g.count, 0);
  const link = (href: string) => `${d.origin}${href}`;
  const groupLines = waiting.flatMap((g) => {
    const more = g.count - g.items.length;
    return [
      `${g.title} (${g.count}${g.note ? `, ${g.note}` : ""})`,
      ...g.items.map((i) => `  ${i.label} · ${i.detail} · ${link(i.href)}`),
      ...(more > 0 ? [`  ${more} more · ${g.listLabel} · ${link(g.listHref)}`] : []),
      ``,
    ];
  });
  const emptyLines =
    empty.length > 0 ? [`${waiting.length > 0 ? "Nothing else waiting" : "Nothing waiting"}: no ${nounList(empty.map((g) => g.noun))}.`, ``] : [];
  const checklistLines =
    d.checklist.length > 0
      ? [`Before you go live (${d.checklist.length}):`, ...d.checklist.map((c) => `  ${c.title}${c.envVar ? ` (${c.envVar})` : ""}`), ``]
      : [];
  const subject = total > 0 ? `To do today: ${total} ${total === 1 ? "item" : "items"} waiting` : `To do today: ${d.checklist.length} before you go live`;
  return {
    to: d.businessEmail,
    subject,
    text: plainText([
      `${d.businessName}, ${d.dayText}`,
      ``,
      ...groupLines,
      ...emptyLines,
      ...checklistLines,
      `Everything above is on the dashboard: ${d.origin}/admin/dashboard`,
      `This digest comes once a day at ${d.sendsAt}. Change its hour or turn it off under Settings, Alerts: ${d.origin}/admin/settings#setting-dailyDigest`,
    ]),
  };
}
