/** API routes for signed-in customers only: 401 in the JSON error shape otherwise. */
import type { Context, MiddlewareHandler } from "hono";
import type { CurrentUser } from "../../components/site";
import type { AppEnv } from "../deps";
import { HttpError } from "../errors";

const unauthorized = () => new HttpError(401, "unauthorized", "Unauthorized");

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) throw unauthorized();
  await next();
};

/** The signed-in user of a request behind `requireUser` (401, as there, should there be none). */
export function signedInUser(c: Context<AppEnv>): CurrentUser {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
}
