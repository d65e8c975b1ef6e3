/**
 * The e-mails of a shop order's change, for whoever makes the change: the customer's own actions,
 * the owner's (src/actions/), PayPal's capture, the refund and the expiry job (src/payments/). Each
 * hands `db/orders.server.ts` the effects from here, and they run inside the change's transaction,
 * so a change and its e-mails are written together or not at all. Which change mails what is said
 * once, in `changeTemplates` and `cancelTemplates`.
 */
import type { Db } from "../db/client.server";
import type { OrderActor } from "../domain/order";
import type { OrderChange, OrderChanged, OrderChangeEffects } from "../db/orders.server";
import { getSettings } from "../db/settings.server";
import type { AppDeps } from "../server/deps";
import { log } from "../server/log.server";
import { mailContextFrom } from "./context.server";
import { enqueueMail, type MailMessage } from "./outbox.server";
import { withInvoiceAttached } from "./templates/invoice";
import {
  type CancelReason,
  type OrderMailInput,
  orderCancelledByCustomerAlert,
  orderCancelledMail,
  orderPaidMail,
  orderRefundedMail,
  orderShippedMail,
} from "./templates/orders";
import { orderRefundOnItsWayMail } from "./templates/refunds";

/** What an order's e-mails are written with: the database, the origin and business address, and the secrets that seal unsubscribe links. */
export type OrderMailDeps = Pick<AppDeps, "db" | "env" | "secrets">;

/** What an order e-mail is written with besides the order and its customer: the business, what customers may read, where links go. */
export type OrderMailWriter = Omit<OrderMailInput, "order" | "customerEmail">;

type Template = (m: OrderMailInput) => MailMessage;

/** The e-mails each change of an order sends; checking the ID and delivery send none. */
const changeTemplates: Record<OrderChange["kind"], readonly Template[]> = {
  mark_paid: [orderPaidMail],
  verify: [],
  ship: [orderShippedMail],
  deliver: [],
  refund: [orderRefundedMail],
};

/** The e-mails of a cancellation by `actor`: the customer told why, and the business when the customer cancelled and the owner asked to know. */
function cancelTemplates(actor: OrderActor, alertCustomerCancellations: boolean): Template[] {
  const reason: CancelReason = actor === "customer" ? "customer" : actor === "system" ? "expired" : "owner";
  const alert = actor === "customer" && alertCustomerCancellations ? [orderCancelledByCustomerAlert] : [];
  return [(m) => orderCancelledMail(m, reason), ...alert];
}

/** The effects of `change`: its e-mail (a paid order's with its invoice attached) and the notices of stock put back. */
export function orderChangeMail(deps: OrderMailDeps, change: OrderChange["kind"]): OrderChangeEffects {
  return withMail(deps, (changed, settings) => {
    const { invoice } = changed;
    const templates = changeTemplates[change];
    return invoice ? templates.map((t) => (m: OrderMailInput) => withInvoiceAttached(t(m), invoice, settings.timezone)) : templates;
  });
}

/**
 * The effects of refunding an order the owner pays back by hand (bank transfer, cash, crypto): the
 * customer is told the refund is on its way, never that it was made, until the owner marks it sent
 * (decision 084); and the notices of stock put back.
 */
export function orderRefundOwedMail(deps: OrderMailDeps): OrderChangeEffects {
  return withMail(deps, () => [orderRefundOnItsWayMail]);
}

/** The effects of cancelling an order by `actor`: its e-mails (a cancellation is never refused for its mail) and the notices of stock put back. */
export function orderCancelMail(deps: OrderMailDeps, actor: OrderActor): OrderChangeEffects {
  return withMail(deps, (_changed, settings) => cancelTemplates(actor, settings.alertCustomerCancellations));
}

/** Effects whose mail is `templatesFor` the change, written with the settings as saved when it runs. */
function withMail(
  deps: OrderMailDeps,
  templatesFor: (changed: OrderChanged, settings: ReturnType<typeof getSettings>) => readonly Template[],
): OrderChangeEffects {
  const backInStock = { origin: mailContextFrom(getSettings(deps.db), deps).origin, secrets: deps.secrets };
  return {
    backInStock,
    onChanged: (changed) => {
      const settings = getSettings(deps.db);
      queueOrderMail(deps.db, changed, mailContextFrom(settings, deps), templatesFor(changed, settings));
    },
  };
}

/**
 * Queues the given e-mails about an order that just changed. Call inside the transaction that
 * changed it. Mail to the customer goes only to an address they proved; it is owed, so it is never
 * refused for the inbox's sake (decision 064: orders are limited per account instead). Nothing is
 * sent about an order whose account is gone.
 */
export function queueOrderMail(db: Db, { orderId, view, customer }: OrderChanged, writer: OrderMailWriter, templates: readonly Template[]) {
  if (!customer) return;
  const input: OrderMailInput = { ...writer, order: view, customerEmail: customer.email };
  for (const template of templates) {
    const message = template(input);
    if (message.to === customer.email && !customer.verified) log.warn("order mail not sent to an unverified address", { orderId, subject: message.subject });
    else enqueueMail(db, message);
  }
}
