/**
 * /admin/payments: every payment, shop and service (requests, PayPal captures, booking payments and
 * orders marked paid by hand), from GET /api/admin/payments, newest first, filtered by status and
 * method, 20 a page; a paid one links its invoice. A request (instructions or cash deposit) still awaiting
 * its money has Mark paid, asked once more: it becomes paid, counts in the dashboard's revenue and
 * says who marked it and when. A booking's completed payment has Refund, asked once more and after
 * the password again: through PayPal at once, or, paid any other way, recorded as owed on the
 * dashboard's to-do list (decision 084). The filters live in the page's URL.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
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
import { formatMoneyWithCode } from "../../domain/format";
import { ConfirmDialog } from "./parts/ConfirmDialog";
import { withCurrency } from "./parts/money";
import { formatRefundMoney, refundAmountText, refundedByPayPal } from "../../domain/refund";
import type { PaymentRefundAnswer } from "../../shared/refunds";

export type AdminPaymentsProps = { initialQuery: AdminPaymentsQuery; timeZone: string };

const listPath = adminPaymentsList.apiPath;
/** The dashboard's revenue counts payments marked paid. */
const statsKey = ["/api/admin/stats"] as const;

function AdminPaymentsBody({ initialQuery, timeZone }: AdminPaymentsProps) {
  const queryClient = useQueryClient();
  const payments = useUrlList<AdminPaymentsQuery, AdminPaymentList>(adminPaymentsList, initialQuery);
  const { bindFilter, data } = payments;
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState<{ payment: AdminPayment; trigger: HTMLElement } | null>(null);
  /** Marked paid, its button goes: the focus goes to the page's heading; cancelled, back to the button. */
  const paidNow = useRef(false);
  const closeConfirm = () => {
    const trigger = confirming?.trigger;
    setConfirming(null);
    if (!paidNow.current && trigger?.isConnected) trigger.focus();
    else heading.current?.focus();
    paidNow.current = false;
  };

  const [refunding, setRefunding] = useState<{ payment: AdminPayment; trigger: HTMLElement } | null>(null);
  const refundedNow = useRef(false);
  const closeRefund = () => {
    const trigger = refunding?.trigger;
    setRefunding(null);
    if (!refundedNow.current && trigger?.isConnected) trigger.focus();
    else heading.current?.focus();
    refundedNow.current = false;
  };

  // The password is asked again first (decision 027): adminRequest opens "Confirm it is you" on a 403 and sends it again.
  const refund = useMutation({
    mutationFn: (p: AdminPayment) => adminRequest<PaymentRefundAnswer>("POST", `${listPath}/${encodeURIComponent(p.id)}/refund`, {}),
    onSuccess: (r) => {
      const amount = formatRefundMoney(r.amount, r.currency);
      toast(
        r.status === "completed"
          ? {
              title: `Refund of ${amount} sent through PayPal`,
              description: "The customer is e-mailed that it is on its way back to them.",
              variant: "success",
            }
          : {
              title: `Refund of ${amount} recorded as owed: it is on your to-do list`,
              description: "Send it back the way they paid, then mark it sent on the dashboard; the customer is told it is on its way.",
              variant: "success",
            },
      );
    },
    onError: (err) => {
      toastFailure("Payment not refunded", err);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith(listPath) });
      void queryClient.invalidateQueries({ queryKey: statsKey });
    },
  });

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
            refundingId={refund.isPending ? (refund.variables?.id ?? null) : null}
            onMarkPaid={(payment, trigger) => setConfirming({ payment, trigger })}
            onRefund={(payment, trigger) => setRefunding({ payment, trigger })}
          />
        )}
      </PagedList>

      {confirming && (
        <ConfirmDialog
          title={`Mark ${confirming.payment.referenceCode} paid?`}
          pending={markPaid.isPending}
          tone="primary"
          confirmLabel="Yes, the money has arrived"
          pendingLabel="Marking paid..."
          onClose={closeConfirm}
          onConfirm={(close) =>
            markPaid.mutate(confirming.payment, {
              onSuccess: () => {
                paidNow.current = true;
              },
              onSettled: close,
            })
          }
        >
          <p>
            {`${formatMoneyWithCode(confirming.payment.amount, confirming.payment.currency)} for ${confirming.payment.serviceName}`}
            {confirming.payment.customerName ? ` from ${confirming.payment.customerName}` : ""}.
          </p>
          <p>Mark it paid only once the money is in the business's account. It then counts in the revenue, and you are named as the one who marked it.</p>
        </ConfirmDialog>
      )}

      {refunding && (
        <ConfirmDialog
          title={`Refund ${refunding.payment.referenceCode}?`}
          pending={refund.isPending}
          confirmLabel="Yes, refund"
          pendingLabel="Refunding..."
          onClose={closeRefund}
          onConfirm={(close) =>
            refund.mutate(refunding.payment, {
              onSuccess: () => {
                refundedNow.current = true;
              },
              onSettled: close,
            })
          }
        >
          <p>
            {`${refundAmountText(refunding.payment.amount, refunding.payment.currency)} for ${refunding.payment.serviceName}`}
            {refunding.payment.customerName ? ` to ${refunding.payment.customerName}` : ""}.
          </p>
          <p>
            {refundedByPayPal(refunding.payment.method)
              ? "It goes back through PayPal at once, and the customer is e-mailed. This cannot be undone."
              : "You send it back yourself, the way they paid: it goes on your to-do list until you mark it sent, and the customer is told it is on its way. This cannot be undone."}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The island's root: the currency setting for every amount its parts show. */
export default withCurrency(AdminPaymentsBody);
