/**
 * The second gate, behind requireAdmin, of the changes a stolen token must not make on its own
 * (decision 027): adding or removing admins, ending their sign-ins, two-factor set-up, the bank and
 * PayPal settings and refunds. They need the password (and code) given on this token within the last
 * 10 minutes, at sign-in or through POST /api/admin/reauth; otherwise 403 `reauth_required`, which
 * the portal answers by asking for the password and sending the request again.
 */
import type { MiddlewareHandler } from "hono";
import { reauthenticatedRecently } from "../../db/admins.server";
import { HttpError } from "../errors";
import type { AdminEnv } from "./require-admin";

/** The message of a 403 `reauth_required`; the portal shows it above the password field. */
export const reauthRequiredMessage = "This change needs your password again: please confirm it is you.";

/** The refusal of a sensitive change without a recent password check. */
export const reauthRequired = () => new HttpError(403, "reauth_required", reauthRequiredMessage);

/** Lets the request through only when this token gave the password (and code) in the last 10 minutes. */
export function requireReauth(): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    if (!reauthenticatedRecently(c.get("adminReauthenticatedAt"))) throw reauthRequired();
    await next();
  };
}
