/** E-mails about customers' reviews: a rejected review's reason, a change the business made and why, and the invitation to review a delivered order. */
import type { MailMessage } from "../outbox.server";
import { quotedVisitorText, visitorText } from "../visitor-text";
import { plainText } from "./layout";

/** The product page's review form (the anchor of the form on the product page). */
export const reviewFormUrl = (origin: string, slug: string) => `${origin}/shop/product/${encodeURIComponent(slug)}#write-review`;

export type ReviewRejectedInput = {
  to: string;
  firstName: string | null;
  productName: string;
  productSlug: string;
  reason: string;
  businessName: string;
  origin: string;
};

/** Tells a customer their review will not be published, and why; they may edit it and try again. */
export function reviewRejectedMail(d: ReviewRejectedInput): MailMessage {
  const name = visitorText(d.firstName, 60);
  return {
    to: d.to,
    subject: "Your review was not published",
    text: plainText([
      name ? `Hello ${name},` : "Hello,",
      ``,
      `Thank you for reviewing ${visitorText(d.productName, 100)}. We read every review before it appears on the site, and we have not published yours, for this reason:`,
      ``,
      d.reason,
      ``,
      `You can edit your review and send it again from the product's page:`,
      reviewFormUrl(d.origin, d.productSlug),
      ``,
      `${d.businessName}`,
    ]),
  };
}

export type ReviewEditedInput = ReviewRejectedInput & { title: string; comment: string };

/**
 * Tells a customer the business changed the words of their review before publishing it (decision
 * 076): why, and what it now says. The review is marked "Edited by the business" where it shows.
 */
export function reviewEditedMail(d: ReviewEditedInput): MailMessage {
  const name = visitorText(d.firstName, 60);
  return {
    to: d.to,
    subject: "We changed a few words of your review",
    text: plainText([
      name ? `Hello ${name},` : "Hello,",
      ``,
      `Thank you for reviewing ${visitorText(d.productName, 100)}. We read every review before it appears on the site, and we changed the words of yours, for this reason:`,
      ``,
      d.reason,
      ``,
      `Your review now reads:`,
      ``,
      quotedVisitorText(d.title, 200),
      quotedVisitorText(d.comment, 2500),
      ``,
      `Where it is shown, it is marked "Edited by the business". If you would rather word it yourself, you can edit it from the product's page, and we will read it again:`,
      reviewFormUrl(d.origin, d.productSlug),
      ``,
      `${d.businessName}`,
    ]),
  };
}

export type ReviewInvitationInput = {
  to: string;
  firstName: string | null;
  orderNumber: string;
  products: { name: string; slug: string }[];
  businessName: string;
  origin: string;
  /** The link that turns these e-mails off without signing in. */
  unsubscribeUrl: string;
};

/** Asks a customer, some days after their order arrived, to review what was in it. */
export function reviewInvitationMail(d: ReviewInvitationInput): MailMessage {
  const name = visitorText(d.firstName, 60);
  return {
    to: d.to,
    subject: `How is your order ${d.orderNumber}?`,
    text: plainText([
      name ? `Hello ${name},` : "Hello,",
      ``,
      `Your order ${d.orderNumber} arrived a few days ago. If you have a minute, a short review helps other customers choose, and tells us what to keep and what to change.`,
      ``,
      ...d.products.flatMap((p) => [`${visitorText(p.name, 100)}:`, reviewFormUrl(d.origin, p.slug), ``]),
      `We ask once per order. To stop these e-mails, open this link (no sign-in needed):`,
      d.unsubscribeUrl,
      ``,
      `${d.businessName}`,
    ]),
  };
}
