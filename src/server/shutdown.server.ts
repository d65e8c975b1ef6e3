/**
 * Stopping without a dropped request (decision 050). Another instance listens on the same port
 * (`reusePort`), so on SIGTERM this one closes its listening socket and the kernel gives new
 * connections to the other. Connections already open to this one are not cut: each request on
 * them is still answered, with `Connection: close`, so the client opens its next connection to the
 * new instance; the process exits when nothing has arrived for a short quiet time and nothing is
 * in flight, or when the grace period is over.
 */
import { log } from "./log.server";

/** The longest a stopping instance waits for its requests: a PayPal call may take 15 s, and systemd (TimeoutStopSec=30s) kills at 30. */
export const shutdownGraceMs = 20_000;
/** How long a stopping instance waits, with nothing in flight, for one more request on an open connection. */
export const shutdownQuietMs = 1_000;

/** How long open connections are told to close before the listener is closed. */
export const closeFirstMs = 500;

type Handler<A extends unknown[]> = (req: Request, ...rest: A) => Response | Promise<Response>;

export class GracefulStop {
  private stopping = false;
  private inFlight = 0;
  private lastRequestAt = 0;

  /** Wraps the server's fetch: counts requests in flight and, once stopping, asks clients to close. */
  wrap<A extends unknown[]>(handler: Handler<A>): Handler<A> {
    return async (req, ...rest) => {
      this.inFlight++;
      this.lastRequestAt = Date.now();
      try {
        const res = await handler(req, ...rest);
        return this.stopping ? closing(res) : res;
      } finally {
        this.inFlight--;
        this.lastRequestAt = Date.now();
      }
    };
  }

  get isStopping() {
    return this.stopping;
  }

  /**
   * Stops accepting (`server.stop()` without force) and resolves once the requests in flight are
   * answered and the open connections have been quiet for `quietMs`, or after `graceMs`.
   */
  async stop(server: { stop(force?: boolean): Promise<void> }, graceMs = shutdownGraceMs, quietMs = shutdownQuietMs): Promise<void> {
    this.stopping = true;
    const started = Date.now();
    // First every connection in use is answered with "Connection: close" and so moves on to the
    // other instance; only then is the listener closed, which also closes the connections left
    // idle (Bun's graceful stop): closed earlier, a request already on its way would be cut.
    await Bun.sleep(closeFirstMs);
    void server.stop(false);
    while (Date.now() - started < graceMs) {
      if (this.inFlight === 0 && Date.now() - this.lastRequestAt >= quietMs) return;
      await Bun.sleep(50);
    }
    log.warn("requests still in flight at the end of the grace period", { inFlight: this.inFlight, graceMs });
  }
}

/** The response with `Connection: close` (a copy when its headers cannot be changed). */
function closing(res: Response): Response {
  try {
    res.headers.set("Connection", "close");
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set("Connection", "close");
    return copy;
  }
}
