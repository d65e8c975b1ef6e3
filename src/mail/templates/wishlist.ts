/** E-mails about a customer's wishlist. */
import type { MailMessage } from "../outbox.server";
import { visitorText } from "../visitor-text";
import { plainText } from "./layout";

export type BackInStockMailInput = {
  to: string;
  productName: string;
  productUrl: string;
  /** Opens the page that stops these e-mails, for this product or all, without signing in. */
  unsubscribeUrl: string;
  businessName: string;
};

/** A product on the customer's wishlist is for sale again. */
export function backInStockMail(input: BackInStockMailInput): MailMessage {
  const name = visitorText(input.productName, 120);
  return {
    to: input.to,
    subject: "Back in stock: something on your wishlist",
    text: plainText([
      // The first line shows in notification previews: it does not name the product.
      `Good news: something on your wishlist is back in stock.`,
      ``,
      `${name} is for sale again.`,
      ``,
      `See it and order it here while it lasts:`,
      input.productUrl,
      ``,
      `We send this once each time the product comes back into stock; it stays on your wishlist until you remove it.`,
      ``,
      `To stop these e-mails for this product, or for every product, open this link (no sign-in needed):`,
      input.unsubscribeUrl,
    ]),
  };
}
