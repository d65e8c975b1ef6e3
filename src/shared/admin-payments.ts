/**
 * The payment requests list (`/admin/payments`) and `GET|POST /api/admin/payments…`: the list's
 * query, the shapes the API answers, and which payments the owner can mark paid
 * (docs/product.md#payments). Written with zod/mini so the island can share it.
 */
import { type PaymentStatus, paymentStatuses } from "../domain/payment";
import { z } from "./zod-mini";

export const adminPaymentsPageSize = 20;
export const maxAdminPaymentsPage = 100_000;

/** The methods a payment row can have: PayPal, and the request methods of the payment dialog (shared/payment.ts). */
export const adminPaymentMethods = ["paypal", "instructions", "cash"] as const;
export type AdminPaymentMethod = (typeof adminPaymentMethods)[number];
export const adminPaymentMethodLabels: Record<string, string> = {
  paypal: "PayPal",
  instructions: "Payment instructions",
  cash: "Cash deposit",
};

const pageMessage = "Page must be a whole number from 1";

/** `?status=&method=&page=`, all optional; empty means any. */
export const adminPaymentsQuerySchema = z.object({
  status: z.optional(z.union([z.literal(""), z.enum(paymentStatuses, "Choose a payment status")])),
  method: z.optional(z.union([z.literal(""), z.enum(adminPaymentMethods, "Choose a payment method")])),
  page: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.regex(/^\d{1,6}$/, pageMessage)),
      z.pipe(
        z.transform((s: string) => Number(s)),
        z.number().check(z.minimum(1, pageMessage), z.maximum(maxAdminPaymentsPage, pageMessage)),
      ),
    ),
  ),
});
export type AdminPaymentsQueryInput = z.infer<typeof adminPaymentsQuerySchema>;

export type AdminPaymentsQuery = { status: PaymentStatus | null; method: AdminPaymentMethod | null; page: number };
export const emptyAdminPaymentsQuery: AdminPaymentsQuery = { status: null, method: null, page: 1 };

/** Reads the page's query string leniently: anything malformed falls back to its default. */
export function readAdminPaymentsQuery(params: { status?: string; method?: string; page?: string }): AdminPaymentsQuery {
  const page = params.page && /^\d{1,6}$/.test(params.page) ? Number(params.page) : 1;
  return {
    status: (paymentStatuses as readonly string[]).includes(params.status ?? "") ? (params.status as PaymentStatus) : null,
    method: (adminPaymentMethods as readonly string[]).includes(params.method ?? "") ? (params.method as AdminPaymentMethod) : null,
    page: page >= 1 && page <= maxAdminPaymentsPage ? page : 1,
  };
}

/** The query string of `query` ("" for the default), for the page's URL and the API's. */
export function adminPaymentsSearch(query: AdminPaymentsQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.method) params.set("method", query.method);
  if (query.page > 1) params.set("page", String(query.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** One payment. Money is a decimal string; instants are ISO strings. */
export type AdminPayment = {
  id: string;
  referenceCode: string;
  serviceName: string;
  amount: string;
  currency: string;
  method: string;
  email: string | null;
  customerName: string | null;
  status: PaymentStatus;
  createdAt: string;
  paidAt: string | null;
  /** The shop order it pays, if any. */
  orderNumber: string | null;
};

export type AdminPaymentList = { payments: AdminPayment[]; total: number; page: number; pageSize: number };

/** Only a request (instructions or cash deposit) still awaiting its money can be marked paid by hand. */
export function canMarkPaymentPaid(p: { method: string; status: string; shopOrderId?: number | null }): boolean {
  return p.status === "requested" && p.method !== "paypal" && (p.shopOrderId ?? null) === null;
}
