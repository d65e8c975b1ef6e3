/**
 * The admin orders page (`/admin/orders`) and `GET|POST /api/admin/orders…`: the list's query (the
 * page's URL and the API's), the shapes the API answers, the action bodies, and which actions an
 * order allows now (docs/product.md#managing-orders). Written with zod/mini so the island can share it.
 */
import {
  type OrderAction,
  type OrderPaymentStatus,
  type OrderState,
  type OrderStatus,
  orderActions,
  orderActionsAllowed,
  orderPaymentStatuses,
  orderStatuses,
} from "../domain/order";
import { choiceFilter, defineAdminList, type ListQuery, type SearchedTotal, searchFilter } from "./admin-list";
import { carriers, type IdDocument, idDocuments, normaliseTrackingNumber, type OrderView, trackingNumberPattern } from "./orders";
import { z } from "./zod-mini";

/** Orders per page of the list. */
export const adminOrdersPageSize = 20;
export const maxAdminOrderNoteLength = 500;

/** `?status=&payment=&search=&page=`, all optional; an empty status or payment means any. */
export const adminOrdersList = defineAdminList({
  path: "/admin/orders",
  pageSize: adminOrdersPageSize,
  filters: {
    status: choiceFilter(orderStatuses, "Choose an order status"),
    payment: choiceFilter(orderPaymentStatuses, "Choose a payment status"),
    search: searchFilter(100),
  },
});
/** The list's filters as the page, the island and the API hold them. */
export type AdminOrdersQuery = ListQuery<typeof adminOrdersList>;

/** One order of the list. Money is a decimal string; `createdAt` an ISO instant. */
export type AdminOrderRow = {
  orderNumber: string;
  createdAt: string;
  /** The customer's account name, else the shipping name. */
  customerName: string;
  /** Null once the customer's account is deleted. */
  customerEmail: string | null;
  totalAmount: string;
  /** The currency the order was priced in. */
  currency: string;
  status: OrderStatus;
  paymentStatus: OrderPaymentStatus;
  paymentMethod: string | null;
};

/** `GET /api/admin/orders`: one page of orders, newest first, and how many match in all (a search stops counting past `searchCountLimit`). */
export type AdminOrderList = { orders: AdminOrderRow[]; page: number; pageSize: number } & SearchedTotal;

/** A payment row that pays the order (a PayPal capture, for instance). */
export type AdminOrderPayment = {
  id: string;
  method: string;
  amount: string;
  currency: string;
  status: string;
  referenceCode: string;
  providerCaptureId: string | null;
  createdAt: string;
};

/** One entry of the order's history, with the admin who made it (null for the customer or the site). */
export type AdminOrderEvent = OrderView["history"][number] & { admin: string | null };

/** What the owner can do to an order, in the order the dialog offers them: the transition table's actions. */
export const adminOrderActions = orderActions;
export type AdminOrderAction = OrderAction;

/** The URL segment of each action: `POST /api/admin/orders/{orderNumber}/{segment}`. */
export const adminOrderActionPaths: Record<AdminOrderAction, string> = {
  mark_paid: "mark-paid",
  verify: "verify",
  ship: "ship",
  deliver: "deliver",
  cancel: "cancel",
  refund: "refund",
};

/** `GET /api/admin/orders/{orderNumber}`: the order as its customer sees it, and what only the owner sees. */
export type AdminOrderDetail = Omit<OrderView, "history"> & {
  customer: { name: string; email: string | null };
  payments: AdminOrderPayment[];
  history: AdminOrderEvent[];
  /** The actions allowed now. */
  actions: AdminOrderAction[];
  /** The ID check, once done: the document sighted (null when checked before documents were recorded), who saw it and when. */
  verification: { document: IdDocument | null; by: string | null; at: string } | null;
};

/**
 * When and by whom an admin marked the order paid (a manual payment: bank transfer, crypto, cash
 * deposit), from its history; null when no admin did (unpaid, or paid through PayPal).
 */
export function markedPaidBy(history: readonly AdminOrderEvent[]): { admin: string | null; at: string } | null {
  for (let i = 0; i < history.length; i++) {
    const e = history[i] as AdminOrderEvent;
    const before = i > 0 ? history[i - 1]?.paymentStatus : undefined;
    if (e.actor === "admin" && e.paymentStatus === "paid" && before !== "paid") return { admin: e.admin, at: e.at };
  }
  return null;
}

/** The actions the owner may take on an order in this status and payment status: the transition table's, as the server's guard reads it. */
export function allowedOrderActions(order: OrderState): AdminOrderAction[] {
  return orderActionsAllowed(order, "admin");
}

const note = z.optional(z.string().check(z.trim(), z.maxLength(maxAdminOrderNoteLength, `Keep the note under ${maxAdminOrderNoteLength + 1} characters`)));

export const trackingNumberMessage = "Enter the tracking number from the label: 6 to 40 letters and digits (spaces and dashes are fine)";
export const carrierMessage = "Choose who carries the parcel";
export const idDocumentMessage = "Choose the ID document you sighted";

/** The body of mark-paid, deliver, cancel and refund: an optional note for the history. */
export const adminOrderNoteSchema = z.object({ note });
export type AdminOrderNoteInput = z.infer<typeof adminOrderNoteSchema>;

/**
 * The body of ship: the tracking number as typed from the label (kept normalised: upper case, no
 * spaces or dashes, decision 075), its carrier and an optional note.
 */
export const adminOrderShipSchema = z.object({
  trackingNumber: z.string(trackingNumberMessage).check(z.overwrite(normaliseTrackingNumber), z.regex(trackingNumberPattern, trackingNumberMessage)),
  carrier: z.enum(carriers, carrierMessage),
  note,
});

/** The body of verify: the ID document sighted and an optional note; the admin who saw it is the one signed in. */
export const adminOrderVerifySchema = z.object({
  document: z.enum(idDocuments, idDocumentMessage),
  note,
});
export type AdminOrderVerifyInput = z.infer<typeof adminOrderVerifySchema>;
export type AdminOrderShipInput = z.infer<typeof adminOrderShipSchema>;
