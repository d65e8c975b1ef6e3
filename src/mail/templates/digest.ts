/** The business's daily digest: the dashboard's to-do list and, while anything is missing, the "Before you go live" checklist. */
import type { TodoGroup } from "../../shared/admin-todo";
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
};

/** The digest of one day; the groups with nothing waiting are left out, the count of each says how many more there are. */
export function dailyDigestMail(d: DailyDigestInput): MailMessage {
  const waiting = d.groups.filter((g) => g.count > 0);
  const total = waiting.reduce((n, g) => n + g.count, 0);
  const groupLines = waiting.flatMap((g) => {
    const more = g.count - g.items.length;
    return [
      `${g.title}: ${g.count}${g.note ? ` (${g.note})` : ""}`,
      ...g.items.map((i) => `  - ${i.label}: ${i.detail}\n    ${d.origin}${i.href}`),
      ...(more > 0 ? [`  and ${more} more: ${d.origin}${g.listHref}`] : []),
      ``,
    ];
  });
  const checklistLines =
    d.checklist.length > 0
      ? [
          `Before you go live:`,
          ...d.checklist.map((c) => `  - ${c.title}${c.envVar ? ` (${c.envVar})` : ""}`),
          `  See the dashboard: ${d.origin}/admin/dashboard`,
          ``,
        ]
      : [];
  return {
    to: d.businessEmail,
    subject: `To do today: ${total} ${total === 1 ? "item" : "items"} waiting`,
    text: plainText([
      `${d.businessName}, ${d.dayText}`,
      ``,
      ...groupLines,
      ...checklistLines,
      `The dashboard: ${d.origin}/admin/dashboard`,
      `This digest is sent once a day; turn it off or change its hour under Settings, Alerts: ${d.origin}/admin/settings#setting-dailyDigest`,
    ]),
  };
}
