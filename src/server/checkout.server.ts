/**
 * Where the e-mails of an order change link to and who the business's notices go to, for the
 * changes that take it whole (the owner's, PayPal's capture, the expiry job). The customer's own
 * actions (src/actions/place-order.server.ts, cancel-order.server.ts) write theirs with mailContext.
 */
import type { OrderMailContext } from "../db/orders.server";
import { mailContext } from "../mail/context.server";
import type { AppDeps } from "./deps";

/** The order mail context of a message queued now. */
export function orderMailContext(deps: Pick<AppDeps, "db" | "env" | "secrets">): OrderMailContext {
  const mail = mailContext(deps);
  return { origin: mail.origin, secrets: deps.secrets, businessEmail: mail.businessEmail };
}
