/**
 * Stopping without a dropped request (decision 050). Another instance listens on the same port
 * (`reusePort`), so on SIGTERM this one closes its listening socket and the kernel gives new
 * connections to the other. Connections already open to this one are not cut: each request on
 * them is still answered, with `Connection: close`, so the client opens its next connection to the
 * new instance. The process goes on once every answer has been sent, or when the grace period is
 * over.
 */
import { log } from "./log.server";

/** The longest a stopping instance waits for its requests: a PayPal call may take 15 s, and systemd (TimeoutStopSec=30s) kills at 30. */
export const shutdownGraceMs = 20_000;

/** How long open connections are told to close before the listener is closed. */
export const closeFirstMs = 500;

type Handler<A extends unknown[]> = (req: Request, ...rest: A) => Response | Promise<Response>;

export class GracefulStop {
  private stopping = false;
  private inFlight = 0;

  /** Wraps the server's fetch: counts requests in flight and, once stopping, asks clients to close. */
  wrap<A extends unknown[]>(handler: Handler<A>): Handler<A> {
    // Synchronous answers (the cached pages) stay synchronous: no promise on the fast path.
    return (req, ...rest) => {
      this.inFlight++;
      let res: Response | Promise<Response>;
      try {
        res = handler(req, ...rest);
      } catch (err) {
        this.inFlight--;
        throw err;
      }
      if (res instanceof Promise) {
        return res.then(
          (r) => {
            this.inFlight--;
            return this.stopping ? closing(r) : r;
          },
          (err: unknown) => {
            this.inFlight--;
            throw err;
          },
        );
      }
      this.inFlight--;
      return this.stopping ? closing(res) : res;
    };
  }

  get isStopping() {
    return this.stopping;
  }

  /**
   * Asks open connections to close, then stops accepting (`server.stop()` without force, which
   * also closes idle connections) and resolves once every answer has been sent, or after `graceMs`.
   */
  async stop(server: { stop(force?: boolean): Promise<void> }, graceMs = shutdownGraceMs): Promise<void> {
    this.stopping = true;
    const started = Date.now();
    // First every connection in use is answered with "Connection: close" and so moves on to the
    // other instance; only then is the listener closed, which also closes the connections left
    // idle (Bun's graceful stop): closed earlier, a request already on its way would be cut.
    await Bun.sleep(closeFirstMs);
    const stopped = server.stop(false).then(() => true);
    const late = Bun.sleep(Math.max(0, graceMs - (Date.now() - started))).then(() => false);
    if (!(await Promise.race([stopped, late]))) {
      log.warn("requests still in flight at the end of the grace period", { inFlight: this.inFlight, graceMs });
    }
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
