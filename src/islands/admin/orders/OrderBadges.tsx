/** An order's badges from its status and payment together (`shared/order-badges.ts`): the list's and the dialog's. */
import type { OrderState } from "../../../domain/order";
import { orderBadges } from "../../../shared/order-badges";

export function OrderBadges({ order, className = "flex flex-wrap gap-2" }: { order: OrderState; className?: string }) {
  return (
    <span className={className} data-testid="order-badges">
      {orderBadges(order).map((look) => (
        <span key={look.label} className={`badge h-auto min-h-5 ${look.colour}`}>
          {look.label}
        </span>
      ))}
    </span>
  );
}
