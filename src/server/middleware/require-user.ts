/** API routes for signed-in customers only: 401 in the JSON error shape otherwise. */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../deps";
import { HttpError } from "../errors";

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) throw new HttpError(401, "unauthorized", "Unauthorized");
  await next();
};
