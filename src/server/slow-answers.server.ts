/**
 * Answers that wait on another service (decision 096). Bun closes a connection that has been idle
 * for its `idleTimeout` (10 s) even while the app is still working on its request's answer: the
 * visitor gets an empty reply and never learns what happened. A PayPal call may take 15 s and be
 * tried three times, so a customer whose capture PayPal answered slowly was paid and told nothing.
 *
 * Every request handed to the app runs inside a scope that knows its request and the server, and
 * code that is about to wait on another service, wherever it is (src/payments/ today), asks for the
 * connection to stay open as long as that wait may last. Outside a request (a job, a test without a
 * server) the ask does nothing.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** What Bun.serve hands the fetch handler, as far as this module needs it. */
type IdleTimeouts = { timeout(request: Request, seconds: number): void };
type App = { fetch: (req: Request, server?: unknown) => Response | Promise<Response> };

const current = new AsyncLocalStorage<{ request: Request; server: IdleTimeouts }>();

/** Bun's largest idle timeout. */
export const longestIdleSeconds = 255;
/**
 * Added to every ask: Bun's timers fire in steps of a few seconds (measured: a timeout of 8 s asked
 * again after 6 s closed the connection at 12 s, not 14).
 */
const stepSeconds = 10;

const hasIdleTimeouts = (server: unknown): server is IdleTimeouts =>
  typeof server === "object" && server !== null && typeof (server as { timeout?: unknown }).timeout === "function";

/** `app` with each request run in its scope, so work done for it can keep its connection open. */
export function withAnswerScope(app: App): App {
  return {
    fetch: (req, server) => (hasIdleTimeouts(server) ? current.run({ request: req, server }, () => app.fetch(req, server)) : app.fetch(req, server)),
  };
}

/**
 * Keeps the current request's connection open for at least `ms` from now (at most Bun's largest
 * idle timeout), for a wait on another service that may last that long. Call it again before each
 * further wait: each ask counts from the moment it is made.
 */
export function keepAnswerOpen(ms: number): void {
  const scope = current.getStore();
  if (!scope) return;
  scope.server.timeout(scope.request, Math.min(longestIdleSeconds, Math.ceil(ms / 1000) + stepSeconds));
}
