/**
 * An action is one thing a customer or the owner does (book, move, cancel; later place an order,
 * contact, review), written once as one function that every way in calls: the JSON route and the
 * plain form. A handler parses the request, calls the action and answers; the action does the
 * rest, in this order:
 *
 *   1. its limit: `spendLimit(deps, <the action's declared limit>, actorId)`, first, so the JSON
 *      route and the form spend one budget;
 *   2. its rules, from `domain/`, and its transaction, through one `db/` function;
 *   3. inside that transaction (the `db/` function's callback), its mail, written with
 *      `mailContext` (`mail/context.server.ts`) and queued to proven addresses only, and its audit
 *      entry when the owner acts;
 *   4. after it: the outbox woken and the log line.
 *
 * It answers the result, or throws the typed `HttpError` for a refusal (`server/errors.ts`): the
 * JSON route lets it through to the one error handler, and the form shows its message. Actions
 * know nothing of Hono (`src/server/layers.test.ts`). One file per action: `src/actions/<verb>-<thing>.server.ts`.
 */
import type { AppDeps } from "../server/deps";
import { tooManyRequests } from "../server/errors";
import type { RateLimiter } from "../server/middleware/rate-limit";

/** What an action works with: the database, the environment, the outbox and the shared limiters. */
export type ActionDeps = Pick<AppDeps, "db" | "env" | "outbox" | "limits">;

/** An action's budget: which limiter, the key it counts under per actor, and what the refused are told. */
export type ActionLimit = {
  limiter: (limits: ActionDeps["limits"]) => RateLimiter;
  key: (actorId: string) => string;
  message: string;
};

/** Counts one attempt by `actorId` against `limit`; past it, throws 429 with Retry-After. */
export function spendLimit(deps: Pick<ActionDeps, "limits">, limit: ActionLimit, actorId: string): void {
  const wait = limit.limiter(deps.limits).hit(limit.key(actorId));
  if (wait > 0) throw tooManyRequests(limit.message, wait);
}
