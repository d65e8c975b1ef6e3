/**
 * The owner says a refund owed went out (POST /api/admin/refunds/{id}/sent {sentOn}, the to-do
 * list's "Mark sent"): on that date, no later than today in the business's time zone. The refund
 * becomes sent, the payment or the order's payment refunded, audited, and only now is the customer
 * told "we have sent your refund", all in one transaction (decision 084).
 */
import type { AuditActor } from "../db/audit.server";
import { markRefundSent } from "../db/refunds.server";
import { getSettings } from "../db/settings.server";
import { sentOnProblem } from "../domain/refund";
import { businessToday } from "../domain/slots";
import { refundSentMail } from "../mail/templates/refunds";
import { queueRefundMail } from "../payments/payment-refund.server";
import { badRequest, HttpError, notFound } from "../server/errors";
import type { RefundSentAnswer, RefundSentInput } from "../shared/refunds";
import type { ActionDeps } from "./action";

/** Marks refund `refundId` sent on `input.sentOn` for `admin`; throws 400 for a bad date, 404, or 409 for a refund not owed. */
export function markRefundSentByAdmin(deps: ActionDeps, admin: AuditActor, refundId: string, input: RefundSentInput, now = new Date()): RefundSentAnswer {
  const problem = sentOnProblem(input.sentOn, businessToday(now, getSettings(deps.db).timezone));
  if (problem) throw badRequest("Some fields need attention.", { sentOn: problem });
  const result = markRefundSent(deps.db, refundId, input.sentOn, admin, now, (_refund, target) =>
    queueRefundMail(deps.db, deps, target, (m) => refundSentMail(m, input.sentOn)),
  );
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound("There is no such refund.");
    throw new HttpError(409, "not_allowed", result.message);
  }
  deps.outbox.kick();
  return { refundId, status: "sent", sentOn: input.sentOn };
}
