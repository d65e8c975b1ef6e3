/**
 * What a payment dialog is given besides the service it pays for, the same on /services and on the
 * dashboard's bookings: the methods on offer (PayPal when configured, the coins with a real address,
 * by the one rule of decision 067) and how to reach the business, from the settings customers may see.
 */
import type { SiteData } from "../components/site";
import { methodsOnOffer } from "../domain/payment-methods";
import type { PaymentDialogProps } from "../islands/PaymentDialog";

export function paymentDialogProps(site: SiteData, paypalClientId: string | null): Omit<PaymentDialogProps, "service" | "fallbackHref"> {
  return {
    paypalClientId,
    cryptoAddresses: methodsOnOffer(site.settings, { paypalConfigured: paypalClientId !== null }).crypto,
    cryptoDiscountPercent: site.settings.cryptoDiscountPercent,
    contact: { email: site.settings.email, phone: site.settings.phone },
    accountEmail: site.user?.email ?? null,
  };
}
