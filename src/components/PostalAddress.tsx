/** An order's address as lines (name, street, optional second line, suburb state postcode, phone), for the order page and the admin's order dialog. */
import type { OrderAddressView } from "../shared/orders";

export function PostalAddress({ address, className = "not-italic" }: { address: OrderAddressView; className?: string }) {
  const lines: [string, string | undefined][] = [
    ["name", address.name],
    ["line1", address.line1],
    ["line2", address.line2],
    ["place", `${address.suburb} ${address.state} ${address.postcode}`],
    ["phone", address.phone],
  ];
  return (
    <address className={className}>
      {lines.map(([field, text]) =>
        text ? (
          <span key={field} className="block">
            {text}
          </span>
        ) : null,
      )}
    </address>
  );
}
