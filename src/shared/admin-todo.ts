/**
 * The dashboard's to-do list (`GET /api/admin/todo`): what needs the owner's hand, group by group,
 * each with its count and its oldest items linking to their records, and the "Before you go live"
 * checklist. The groups are declared once, in db/admin-todo.server.ts; the dashboard and the daily
 * digest e-mail draw whatever groups the answer holds.
 */
import type { GoLiveItem, GoLiveSetAside } from "./go-live";

/** One thing to do: what it is, a line about it, and where it is handled (a record's address). */
export type TodoItem = {
  key: string;
  label: string;
  detail: string;
  href: string;
  urgent?: boolean;
  /** A refund owed: the item carries the "Mark sent" form (POST /api/admin/refunds/{refundId}/sent), its date at most `today` (the business's date). */
  markRefundSent?: { refundId: string; today: string };
};

/** Where the "Mark sent" form of a refund owed posts. */
export const refundSentPath = (refundId: string) => `/api/admin/refunds/${encodeURIComponent(refundId)}/sent`;

/** One group of the to-do list: its count over all its items and the first few of them (oldest or most pressing first). */
export type TodoGroup = {
  key: string;
  title: string;
  /** What the group holds in a few lower-case words ("orders to ship"), for the line that names the groups with nothing waiting. */
  noun: string;
  count: number;
  items: TodoItem[];
  /** The whole group in its list (filtered where the list can be). */
  listHref: string;
  listLabel: string;
  /** A word on the group as a whole, such as how many of the enquiries are emergencies. */
  note?: string;
};

/** `checklist` holds the go-live lines still to do; `setAside` those the owner marked not used or kept (decision 074). */
export type AdminTodo = { groups: TodoGroup[]; checklist: GoLiveItem[]; setAside?: GoLiveSetAside[] };

/** How many items each group shows; the count says how many more there are. */
export const todoItemsPerGroup = 5;

/** The groups with something waiting, in their order, and those with nothing: the list shows the first and names the others in one line. */
export function splitTodoGroups<G extends Pick<TodoGroup, "count">>(groups: readonly G[]): { waiting: G[]; empty: G[] } {
  return { waiting: groups.filter((g) => g.count > 0), empty: groups.filter((g) => g.count === 0) };
}

/** "a, b or c": the groups with nothing waiting, named in one phrase. */
export function nounList(nouns: readonly string[]): string {
  return nouns.length < 2 ? (nouns[0] ?? "") : `${nouns.slice(0, -1).join(", ")} or ${nouns.at(-1)}`;
}
