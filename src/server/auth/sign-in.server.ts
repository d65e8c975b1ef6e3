/** Starting and ending customer sessions on a response, with the sign-in event logged. */
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../deps";
import { log } from "../log.server";
import { isHttps } from "../origin";
import { clearSessionCookie, writeSessionCookie } from "./cookies";
import { hashToken } from "./crypto.server";
import { createSession, deleteSession } from "./sessions.server";

/** Signs `userId` in with a brand-new session token (never reusing one: no fixation). */
export function startSession(deps: AppDeps, c: Context<AppEnv>, userId: string, method: string) {
  const previous = c.get("sessionId");
  if (previous) deleteSession(deps.db, previous);
  const session = createSession(deps.db, userId);
  writeSessionCookie(c, { https: isHttps(deps) }, session.token, session.expire);
  log.info("sign-in", { userId, method });
  return session;
}

/** Ends the current session on the server and clears the cookie. */
export function endSession(deps: AppDeps, c: Context<AppEnv>) {
  const sid = c.get("sessionId");
  if (sid) deleteSession(deps.db, sid);
  clearSessionCookie(c, { https: isHttps(deps) });
  if (sid) log.info("sign-out", { userId: c.get("user")?.id });
}

/** A stable, non-reversible label for an e-mail in logs and rate-limit keys. */
export function emailKey(email: string) {
  return hashToken(email.trim().toLowerCase()).slice(0, 16);
}
