/** What the two-factor actions share: what they work with, and the answer to each refusal. */
import type { TotpRefusal } from "../db/admins.server";
import type { AppDeps } from "../server/deps";
import { badRequest, HttpError, notFound } from "../server/errors";
import { totpMessages } from "../shared/admin-totp";
import type { ActionDeps } from "./action";

/** What the two-factor actions work with: the key is stored sealed, so they need the secrets too. */
export type TotpActionDeps = ActionDeps & Pick<AppDeps, "secrets">;

/** The answer to a refused change: a wrong code is a field message, a wrong state a 409. */
export function totpRefused(reason: TotpRefusal): HttpError {
  switch (reason) {
    case "wrong_code":
      return badRequest("Some fields need attention.", { code: totpMessages.wrongCode });
    case "already_on":
      return new HttpError(409, "totp_already_on", totpMessages.alreadyOn);
    case "not_on":
      return new HttpError(409, "totp_not_on", totpMessages.notOn);
    case "no_setup":
      return new HttpError(409, "totp_no_setup", totpMessages.noSetup);
    case "not_found":
      return notFound("There is no such admin.");
  }
}
