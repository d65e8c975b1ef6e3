/** What the admin-account actions share: the answer to each refusal of a change to an admin. */
import type { AdminAccountRefusal } from "../db/admins.server";
import { HttpError, notFound } from "../server/errors";
import { adminAccountMessages } from "../shared/admin-admins";

/** The 404 or 409 of a refused change to another admin. */
export function adminAccountRefused(reason: AdminAccountRefusal): HttpError {
  switch (reason) {
    case "not_found":
      return notFound(adminAccountMessages.unknown);
    case "self":
      return new HttpError(409, "own_account", adminAccountMessages.removeSelf);
    case "last_admin":
      return new HttpError(409, "last_admin", adminAccountMessages.lastAdmin);
    case "last_owner":
      return new HttpError(409, "last_owner", adminAccountMessages.lastOwner);
  }
}
