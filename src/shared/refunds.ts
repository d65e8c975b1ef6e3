/**
 * Refunds in the portal (decision 084): the body of a booking payment's refund
 * (`POST /api/admin/payments/{id}/refund`) and of "Mark sent" on a refund owed
 * (`POST /api/admin/refunds/{id}/sent`), and what each answers. zod/mini: the islands share them.
 */
import { z } from "./zod-mini";

export const maxRefundNoteLength = 500;

/** The body of a payment's refund: an optional note for the audit log. */
export const paymentRefundSchema = z.object({
  note: z.optional(z.string().check(z.trim(), z.maxLength(maxRefundNoteLength, `Keep the note under ${maxRefundNoteLength + 1} characters`))),
});
export type PaymentRefundInput = z.infer<typeof paymentRefundSchema>;

export const sentOnMessage = "Give the date you sent it";

/** The body of "Mark sent": the date the money went (YYYY-MM-DD), no later than today (checked by the server in the business's time zone). */
export const refundSentSchema = z.object({
  sentOn: z.string(sentOnMessage).check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}$/, sentOnMessage)),
});
export type RefundSentInput = z.infer<typeof refundSentSchema>;

/** A payment's refund as the portal answers it: made through PayPal (`completed`) or owed (on the to-do list). */
export type PaymentRefundAnswer = { refundId: string; status: "owed" | "completed"; amount: string; currency: string };

/** A refund owed, marked sent. */
export type RefundSentAnswer = { refundId: string; status: "sent"; sentOn: string };
