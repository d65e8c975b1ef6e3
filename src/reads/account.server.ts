/** What the account page shows: the customer's own row as saved now, and what deleting it would do. */
import { accountDeletionPlan, findUserById, type User } from "../db/users.server";
import type { DeletionPlan } from "../domain/account-deletion";
import type { ReadDeps } from "./read";

export type { DeletionPlan, User };

/** The customer's own row (password hash included), or null when the account is gone. */
export function ownAccount(deps: ReadDeps, userId: string): User | null {
  return findUserById(deps.db, userId) ?? null;
}

/** What deleting the account would do to each of the customer's bookings and orders now (decision 066). */
export function accountDeletionPreview(deps: ReadDeps, userId: string, now = new Date()): DeletionPlan {
  return accountDeletionPlan(deps.db, userId, now);
}
