/**
 * What the customer dashboard shows: the figures and recent bookings with their payment status,
 * referral earnings, the five latest orders, the paid service payments with their invoices, and
 * whether PayPal is on offer for a booking that can still be paid.
 */
import { dashboardData, type DashboardData } from "../db/dashboard.server";
import { bookingMayBePaid } from "../domain/booking-payment";
import { paypalConfig } from "../payments/paypal-config.server";
import type { OrderSummaryView } from "../shared/orders";
import type { BookingPlanData } from "../shared/payment-plan";
import { type InvoicedPayment, ownInvoicedPayments } from "./invoices.server";
import { bookingPlans } from "./payment-plans.server";
import { ownOrders } from "./orders.server";
import type { ReadDeps } from "./read";

export type { DashboardData, InvoicedPayment };

/** How many of the latest orders the dashboard lists. */
const dashboardOrderLimit = 5;

export type CustomerDashboard = {
  /** The recent bookings carry their payment plan and the plans their Pay button may offer (decision 085). */
  data: Omit<DashboardData, "recentBookings"> & { recentBookings: (DashboardData["recentBookings"][number] & BookingPlanData)[] };
  orders: OrderSummaryView[];
  payments: InvoicedPayment[];
  /** PayPal's client id for the bookings' payment dialog, or null when PayPal is not on offer. */
  paypalClientId: string | null;
  /** Whether a booking shown can be paid through PayPal now, so the page loads PayPal's checkout. */
  paypalCheckout: boolean;
};

/** The dashboard of `user`, the signed-in customer as the session read them for this request. */
export function customerDashboard(
  deps: ReadDeps,
  user: { id: string; firstName: string | null; isNewCustomer: boolean; referralCode: string | null },
): CustomerDashboard {
  const data = dashboardData(deps.db, user);
  const orders = ownOrders(deps, user.id, dashboardOrderLimit);
  const payments = ownInvoicedPayments(deps, user.id);
  const paypal = paypalConfig(deps.env);
  const plans = bookingPlans(deps, data.recentBookings);
  return {
    data: { ...data, recentBookings: data.recentBookings.map((b) => ({ ...b, ...(plans.get(b.id) ?? { plan: null, planOptions: [] }) })) },
    orders,
    payments,
    paypalClientId: paypal?.clientId ?? null,
    paypalCheckout: paypal !== null && data.recentBookings.some((b) => bookingMayBePaid(b.status, b.payment.status)),
  };
}
