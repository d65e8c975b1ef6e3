/** The client's address: the socket's, or X-Forwarded-For's first entry behind a trusted proxy. */
import type { Context } from "hono";

type RequestIpServer = { requestIP?: (req: Request) => { address: string } | null };

let trustProxy = false;

/** Trusts X-Forwarded-For (set TRUST_PROXY=true only behind your own reverse proxy). */
export function setTrustProxy(value: boolean) {
  trustProxy = value;
}

export function clientIp(c: Context): string {
  if (trustProxy) {
    const fwd = c.req.header("x-forwarded-for");
    if (fwd) return fwd.split(",")[0]!.trim();
  }
  const server = c.env as RequestIpServer | undefined;
  return server?.requestIP?.(c.req.raw)?.address ?? "unknown";
}
