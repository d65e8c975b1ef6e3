/**
 * What a payment dialog is given besides the service it pays for, the same on /services and on the
 * dashboard's bookings: the methods on offer (PayPal when configured, the coins with a real address,
 * by the one rule of decision 067), how to reach the business and which bookings may be paid by a plan
 * (decision 085), from the settings customers may see.
 */
import type { SiteData } from "../components/site";
import { methodsOnOffer } from "../domain/payment-methods";
import { plansPromised } from "../domain/promised-percents";
import type { PaymentDialogProps } from "../islands/PaymentDialog";

export function paymentDialogProps(site: SiteData, paypalClientId: string | null): Omit<PaymentDialogProps, "service" | "fallbackHref"> {
  return {
    paypalClientId,
    cryptoAddresses: methodsOnOffer(site.settings, { paypalConfigured: paypalClientId !== null }).crypto,
    cryptoDiscountPercent: site.settings.cryptoDiscountPercent,
    plansPromised: plansPromised(site.settings),
    contact: { email: site.settings.email, phone: site.settings.phone },
    accountEmail: site.user?.email ?? null,
    planRule: { serviceIds: site.settings.paymentPlanServiceIds, minimum: site.settings.paymentPlanMinimumTotal },
  };
}
