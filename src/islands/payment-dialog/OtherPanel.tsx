/** Other: wire transfer, money orders, other coins, interest-free payment plans, and how to arrange them. */
import { instalmentCounts, instalments, type ServiceOffer } from "../../domain/payment";
import { formatMoney } from "../../domain/format";
import { planPromise } from "../../domain/promised-percents";

/** "3 × $216", or "$49.34, then 2 × $49.33" when the cents do not divide evenly. */
function planText(total: number, count: number, currency: string): string {
  const parts = instalments(total, count).map((c) => formatMoney(c / 100, currency));
  const [first, ...rest] = parts;
  return rest.every((p) => p === first) ? `${count} × ${first}` : `${first}, then ${rest.length} × ${rest[0]}`;
}

/**
 * Where payment plans stand in this dialog: a service not yet booked ("service": how they split),
 * a booking that offers the choice at the top ("above"), one already paid by a plan ("chosen"), or
 * one they are not offered for ("none").
 */
export type OtherPlans = "service" | "above" | "chosen" | "none";

export function OtherPanel({ service, contact, plans = "none" }: { service: ServiceOffer; contact: { email: string; phone: string }; plans?: OtherPlans }) {
  return (
    <div className="space-y-4">
      <ul className="space-y-3 text-sm">
        <li>
          <strong className="block text-base">Wire transfer</strong>
          Suited to larger amounts. We send the bank details with your reference code.
        </li>
        <li>
          <strong className="block text-base">Money orders</strong>
          Accepted by arrangement; we tell you where to send it.
        </li>
        <li>
          <strong className="block text-base">Other cryptocurrencies</strong>
          Coins other than Bitcoin, Ethereum and USDC on request.
        </li>
        {plans === "above" && (
          <li>
            <strong className="block text-base">Payment plans</strong>
            {`Choose 2, 3 or 4 payments at the top of this dialog: ${planPromise}.`}
          </li>
        )}
        {plans === "service" && (
          <li>
            <strong className="block text-base">Payment plans</strong>
            {`Book it, then pay the booking's ${formatMoney(service.amountDue, service.currency)} in 2, 3 or 4 payments when you pay: ${planPromise}.`}
            <ul className="mt-1 list-inside list-disc">
              {instalmentCounts.map((n) => (
                <li key={n}>{`${n} payments: ${planText(service.amountDue, n, service.currency)}`}</li>
              ))}
            </ul>
          </li>
        )}
      </ul>
      <div className="rounded-box bg-base-200 p-4 text-sm">
        <p className="font-semibold">To arrange any of these, contact us:</p>
        {contact.email && (
          <p className="mt-1">
            {"E-mail: "}
            <a className="link" href={`mailto:${contact.email}`}>
              {contact.email}
            </a>
          </p>
        )}
        {contact.phone && (
          <p>
            {"Phone: "}
            <a className="link" href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>
              {contact.phone}
            </a>
          </p>
        )}
        {!contact.email && !contact.phone && (
          <p className="mt-1">
            Send us a message through the{" "}
            <a className="link" href="/contact">
              contact form
            </a>
            .
          </p>
        )}
      </div>
    </div>
  );
}
