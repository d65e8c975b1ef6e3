/**
 * The client's address, for per-address rate limits. X-Forwarded-For is written by whoever sends
 * the request, so only the entries our own proxies appended can be believed: with TRUST_PROXY=N
 * (N proxy hops in front of the site) the client is the N-th entry from the right; without it the
 * header is ignored and the socket's address is used.
 *
 * The address is taken once, by the app's first middleware, while `c.req.raw` is still the request
 * the server handed over: Bun's `requestIP` only knows that object, and the body limit replaces it
 * with a copy for a body sent without a length (chunked), which made such clients `unknown`.
 */
import type { Context, MiddlewareHandler } from "hono";

type RequestIpServer = { requestIP?: (req: Request) => { address: string } | null };

let trustedHops = 0;

/** How many reverse proxies in front of the site append to X-Forwarded-For (0: trust none). */
export function setTrustProxy(hops: number) {
  trustedHops = hops;
}

/** The address the outermost trusted proxy saw, from an X-Forwarded-For value; null when absent. */
export function forwardedClient(header: string | undefined, hops: number): string | null {
  if (!header || hops < 1) return null;
  const entries = header.split(",").map((e) => e.trim());
  // Fewer entries than proxies means the request did not come through them all: believe none.
  const entry = entries.length >= hops ? entries[entries.length - hops] : undefined;
  return entry ? entry : null;
}

function addressOnArrival(c: Context): string {
  const forwarded = forwardedClient(c.req.header("x-forwarded-for"), trustedHops);
  if (forwarded) return forwarded;
  const server = c.env as RequestIpServer | undefined;
  return server?.requestIP?.(c.req.raw)?.address ?? "unknown";
}

/** The app's first middleware: notes the client's address before anything can replace the request. */
export const captureClientIp: MiddlewareHandler = async (c, next) => {
  c.set("clientIp", addressOnArrival(c));
  await next();
};

/** The client's address, as noted when the request arrived. */
export function clientIp(c: Context): string {
  return (c.get("clientIp") as string | undefined) ?? "unknown";
}
