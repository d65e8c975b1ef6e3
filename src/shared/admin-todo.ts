/**
 * The dashboard's to-do list (`GET /api/admin/todo`): what needs the owner's hand, group by group,
 * each with its count and its oldest items linking to their records, and the "Before you go live"
 * checklist. The groups are declared once, in db/admin-todo.server.ts; the dashboard and the daily
 * digest e-mail draw whatever groups the answer holds.
 */
import type { GoLiveItem } from "./go-live";

/** One thing to do: what it is, a line about it, and where it is handled (a record's address). */
export type TodoItem = { key: string; label: string; detail: string; href: string; urgent?: boolean };

/** One group of the to-do list: its count over all its items and the first few of them (oldest or most pressing first). */
export type TodoGroup = {
  key: string;
  title: string;
  count: number;
  items: TodoItem[];
  /** The whole group in its list (filtered where the list can be). */
  listHref: string;
  listLabel: string;
  /** A word on the group as a whole, such as how many of the enquiries are emergencies. */
  note?: string;
};

export type AdminTodo = { groups: TodoGroup[]; checklist: GoLiveItem[] };

/** How many items each group shows; the count says how many more there are. */
export const todoItemsPerGroup = 5;
