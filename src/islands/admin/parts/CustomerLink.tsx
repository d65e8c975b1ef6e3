/**
 * The link from an order, a booking or an enquiry to its customer's record (decision 076), shown in
 * that record's dialog: the account it belongs to (an enquiry's is the account of the address it
 * was sent from), or a line saying there is none. Customers' records are the owners' (decision
 * 040), so for staff it shows nothing and asks the server nothing.
 */
import { useQuery } from "@tanstack/react-query";
import type { AdminMe } from "../../../shared/admin-auth";
import { adminRecordPath } from "../../../shared/admin-records";
import type { CustomerOfRecord } from "../../../shared/admin-users";

export type CustomerLinkProps = { list: "orders" | "bookings" | "contacts"; recordKey: string };

const none: Record<CustomerLinkProps["list"], string> = {
  orders: "No customer account: it was deleted.",
  bookings: "No customer account: it was deleted.",
  contacts: "Not from a registered customer: no account has this e-mail address.",
};

export function CustomerLink({ list, recordKey }: CustomerLinkProps) {
  const me = useQuery<AdminMe>({ queryKey: ["/api/admin/me"] });
  const owner = me.data?.role === "owner";
  const url = `/api/admin/users/customer-of/${list}/${encodeURIComponent(recordKey.toLowerCase())}`;
  const of = useQuery<CustomerOfRecord>({ queryKey: [url], enabled: owner });
  if (!owner || !of.data) return null;
  const customer = of.data.customer;
  return (
    <p className="text-sm break-words" data-testid="customer-link">
      {customer ? (
        <>
          <span className="text-base-content/80">Customer's record: </span>
          <a className="link font-medium" href={adminRecordPath("users", customer.id)}>
            {customer.name}
          </a>
          <span className="text-base-content/80"> (their orders, bookings, enquiries and payments)</span>
        </>
      ) : (
        <span className="text-base-content/80">{none[list]}</span>
      )}
    </p>
  );
}
