/**
 * /admin/payments: service payments and payment requests from GET /api/admin/payments, newest first,
 * filtered by status and method, 20 a page. A request (instructions or cash deposit) still awaiting
 * its money has Mark paid: it becomes paid and counts in the dashboard's revenue. The filters live
 * in the page's URL.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useRef } from "react";
import { adminRequest } from "../../client/admin-api";
import { ApiError } from "../../client/api";
import { toast } from "../../client/toast-store";
import { paymentStatuses } from "../../domain/payment";
import {
  type AdminPayment,
  type AdminPaymentList,
  type AdminPaymentsQuery,
  adminPaymentMethodLabels,
  adminPaymentMethods,
  adminPaymentsSearch,
} from "../../shared/admin-payments";
import { FilterSelect } from "./parts/ListFilters";
import { countLine } from "./parts/ListFrame";
import { PagedList } from "./parts/PagedList";
import { useUrlList } from "./parts/use-url-list";
import { PaymentsList } from "./payments/PaymentsList";
import { paymentStatusLabels } from "../../domain/payment";

export type AdminPaymentsProps = { initialQuery: AdminPaymentsQuery; timeZone: string };

const listPath = "/api/admin/payments";
/** The dashboard's revenue counts payments marked paid. */
const statsKey = ["/api/admin/stats"] as const;

export default function AdminPayments({ initialQuery, timeZone }: AdminPaymentsProps) {
  const queryClient = useQueryClient();
  const { query, setQuery, list, data, pageCount } = useUrlList<AdminPaymentsQuery, AdminPaymentList>(
    initialQuery,
    "/admin/payments",
    listPath,
    adminPaymentsSearch,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const base = useId();

  const markPaid = useMutation({
    mutationFn: (p: AdminPayment) => adminRequest<AdminPayment>("POST", `${listPath}/${encodeURIComponent(p.id)}/paid`),
    onSuccess: (p) => {
      toast({ title: "Payment marked paid", description: `${p.referenceCode} is recorded as paid.`, variant: "success" });
      heading.current?.focus();
    },
    onError: (err) => {
      toast({ title: "Payment not marked paid", description: (err instanceof ApiError && err.serverMessage) || "Please try again.", variant: "destructive" });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith(listPath) });
      void queryClient.invalidateQueries({ queryKey: statsKey });
    },
  });

  const statusId = `${base}status`;
  const methodId = `${base}method`;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          Payments
        </h1>
        <div className="flex flex-wrap gap-2">
          <a href="/admin/contacts" className="btn btn-outline">
            Enquiries
          </a>
          <a href="/admin/dashboard" className="btn btn-outline">
            Back to Dashboard
          </a>
        </div>
      </div>

      <form aria-label="Filter payments" className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => e.preventDefault()}>
        <FilterSelect
          id={statusId}
          label="Status"
          anyLabel="Any status"
          options={paymentStatuses}
          labels={paymentStatusLabels}
          value={query.status}
          onChange={(status) => setQuery((q) => ({ ...q, status, page: 1 }))}
        />
        <FilterSelect
          id={methodId}
          label="Method"
          anyLabel="Any method"
          options={adminPaymentMethods}
          labels={adminPaymentMethodLabels}
          value={query.method}
          onChange={(method) => setQuery((q) => ({ ...q, method, page: 1 }))}
        />
      </form>

      <PagedList
        list={list}
        rows={data?.payments}
        summary={data ? countLine(data.total, ["payment", "payments"]) : null}
        failedText="The payments could not be loaded. Please reload the page."
        loadingText="Loading payments..."
        testId="payments-list"
        emptyText="No payments found"
        pagerLabel="Pages of payments"
        page={query.page}
        pageCount={pageCount}
        onPage={(page) => setQuery((q) => ({ ...q, page }))}
      >
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
