/** What the account page shows: the customer's own row as saved now. */
import { findUserById, type User } from "../db/users.server";
import type { ReadDeps } from "./read";

export type { User };

/** The customer's own row (password hash included), or null when the account is gone. */
export function ownAccount(deps: ReadDeps, userId: string): User | null {
  return findUserById(deps.db, userId) ?? null;
}
