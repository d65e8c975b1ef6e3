/**
 * What a payment dialog is given besides the service it pays for, the same on /services and on the
 * dashboard's bookings: the methods (PayPal when configured, the coins whose addresses are set) and
 * how to reach the business, from the settings customers may see.
 */
import type { SiteData } from "../components/site";
import { cryptoAddresses } from "../domain/payment";
import type { PaymentDialogProps } from "../islands/PaymentDialog";

export function paymentDialogProps(site: SiteData, paypalClientId: string | null): Omit<PaymentDialogProps, "service" | "fallbackHref"> {
  return {
    paypalClientId,
    cryptoAddresses: cryptoAddresses(site.settings),
    cryptoDiscountPercent: site.settings.cryptoDiscountPercent,
    contact: { email: site.settings.email, phone: site.settings.phone },
    accountEmail: site.user?.email ?? null,
  };
}
