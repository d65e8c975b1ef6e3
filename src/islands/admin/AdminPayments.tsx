/**
 * /admin/payments: service payments and payment requests from GET /api/admin/payments, newest first,
 * filtered by status and method, 20 a page. A request (instructions or cash deposit) still awaiting
 * its money has Mark paid: it becomes paid and counts in the dashboard's revenue. The filters live
 * in the page's URL.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { adminRequest } from "../../client/admin-api";
import { toast } from "../../client/toast-store";
import { paymentStatuses } from "../../domain/payment";
import {
  type AdminPayment,
  type AdminPaymentList,
  type AdminPaymentsQuery,
  adminPaymentMethodLabels,
  adminPaymentMethods,
  adminPaymentsList,
} from "../../shared/admin-payments";
import { FilterSelect } from "./parts/ListFilters";
import { PagedList } from "./parts/PagedList";
import { useUrlList } from "./parts/use-url-list";
import { PaymentsList } from "./payments/PaymentsList";
import { paymentStatusLabels } from "../../domain/payment";
import { HeaderLink, PageHeader } from "./parts/PageHeader";
import { toastFailure } from "./parts/toast-failure";
import { CurrencyProvider } from "./parts/money";

export type AdminPaymentsProps = { initialQuery: AdminPaymentsQuery; timeZone: string };

const listPath = adminPaymentsList.apiPath;
/** The dashboard's revenue counts payments marked paid. */
const statsKey = ["/api/admin/stats"] as const;

function AdminPaymentsBody({ initialQuery, timeZone }: AdminPaymentsProps) {
  const queryClient = useQueryClient();
  const payments = useUrlList<AdminPaymentsQuery, AdminPaymentList>(adminPaymentsList, initialQuery);
  const { bindFilter, data } = payments;
  const heading = useRef<HTMLHeadingElement>(null);

  const markPaid = useMutation({
    mutationFn: (p: AdminPayment) => adminRequest<AdminPayment>("POST", `${listPath}/${encodeURIComponent(p.id)}/paid`),
    onSuccess: (p) => {
      toast({ title: "Payment marked paid", description: `${p.referenceCode} is recorded as paid.`, variant: "success" });
      heading.current?.focus();
    },
    onError: (err) => {
      toastFailure("Payment not marked paid", err);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith(listPath) });
      void queryClient.invalidateQueries({ queryKey: statsKey });
    },
  });

  return (
    <div className="space-y-6">
      <PageHeader title="Payments" headingRef={heading} actions={<HeaderLink href="/admin/contacts" label="Enquiries" />} />

      <form aria-label="Filter payments" className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
        <FilterSelect label="Status" anyLabel="Any status" options={paymentStatuses} labels={paymentStatusLabels} {...bindFilter("status")} />
        <FilterSelect label="Method" anyLabel="Any method" options={adminPaymentMethods} labels={adminPaymentMethodLabels} {...bindFilter("method")} />
      </form>

      <PagedList of={payments} rows={data?.payments} names={["payment", "payments"]} testId="payments-list">
        {(rows) => (
          <PaymentsList
            rows={rows}
            timeZone={timeZone}
            pendingId={markPaid.isPending ? (markPaid.variables?.id ?? null) : null}
            onMarkPaid={(p) => markPaid.mutate(p)}
          />
        )}
      </PagedList>
    </div>
  );
}

/** The island's root: the currency setting for every amount its parts show. */
export default function AdminPayments({ currency, ...props }: AdminPaymentsProps & { currency: string }) {
  return (
    <CurrencyProvider currency={currency}>
      <AdminPaymentsBody {...props} />
    </CurrencyProvider>
  );
}
