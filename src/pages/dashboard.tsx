/** Customer dashboard (/dashboard): status, bookings, referral earnings and program, recent bookings. */
import { Island } from "../components/Island";
import { EmailVerificationNotice } from "../components/EmailVerificationNotice";
import { Layout } from "../components/Layout";
import { StatusBadge } from "../components/StatusBadge";
import { TitledCard } from "../components/TitledCard";
import type { SiteData } from "../components/site";
import type { CustomerDashboard, DashboardData, InvoicedPayment } from "../reads/dashboard.server";
import { type BookingStatus, beforeMoveDeadline, customerMayMove } from "../domain/booking";
import { bookingMayBePaid, bookingPaymentLabel } from "../domain/booking-payment";
import { firstServiceReward, laterServiceReward } from "../domain/referral";
import { formatDate, formatInstantDate, formatKeptMoney, formatMoney, formatMoneyWithCode } from "../domain/format";
import { referralCodeKey } from "../islands/ReferralPanel";
import { manifest } from "../server/assets.server";
import type { OrderSummaryView } from "../shared/orders";
import { AddToCalendarLink, CancelBookingForm, MoveBookingLink, PayBookingButton, reachBusiness } from "./booking-actions";
import { CaseRoomLink } from "./case-room";
import { OrderSummaryRow } from "./orders";
import type { PageDefinition } from "./page";
import { paymentInvoicePath } from "./invoice";
import { invoiceLinkLabel } from "../domain/invoice";

/** The link to the wishlist with how many products it holds. */
function WishlistLink({ count }: { count: number }) {
  return (
    <a href="/wishlist" className="btn btn-ghost btn-sm" data-testid="dashboard-wishlist">
      Wishlist
      <span className="badge badge-sm">{count}</span>
      <span className="sr-only">{count === 1 ? " product" : " products"}</span>
    </a>
  );
}

/** The small heading of a figure card (status, bookings, earnings). */
const statTitle = "text-sm font-semibold text-base-content/80";

/**
 * What the bookings figure is made of, by status, so it never claims more than it counts:
 * "1 awaiting confirmation · 0 completed". Completed is always said; the others when there are some.
 */
export function bookingCountsLine(counts: Record<BookingStatus, number>): string {
  const parts = [
    counts.pending > 0 ? `${counts.pending} awaiting confirmation` : null,
    counts.confirmed > 0 ? `${counts.confirmed} confirmed` : null,
    `${counts.completed} completed`,
    counts.cancelled > 0 ? `${counts.cancelled} cancelled` : null,
  ];
  return parts.filter((p) => p !== null).join(" · ");
}

/** "Tue, 1 Dec, 10:00" for an appointment's local date and time. */
const appointmentLabel = (date: string, time: string) => `${formatDate(date, "short")}, ${time}`;

/** The customer's paid service payments, each with a link to its invoice. */
function PaymentsCard({ payments, timeZone }: { payments: InvoicedPayment[]; timeZone: string }) {
  return (
    <TitledCard id="payments" title="Your Payments" className="lg:col-span-2">
      <ul className="divide-y divide-base-300">
        {payments.map((p) => (
          <li key={p.referenceCode} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="paid-payment">
            <div className="min-w-0">
              <p className="font-semibold break-words">{`${p.serviceName} · ${formatMoneyWithCode(p.amount, p.currency)}`}</p>
              <p className="text-sm text-base-content/80">{`Paid ${formatInstantDate(p.paidAt, timeZone)} · ${p.referenceCode}${p.refunded ? " · refunded" : ""}`}</p>
            </div>
            <a href={paymentInvoicePath(p.referenceCode)} className="btn btn-outline btn-sm">
              {invoiceLinkLabel({ title: p.invoiceTitle, number: p.invoiceNumber, refunded: false })}
            </a>
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}

/** Each recent reward: what it was for, when it was earned, and whether it is pending, paid (when) or void (why). */
function RewardsCard({ rewards, timeZone, currency }: { rewards: DashboardData["rewards"]; timeZone: string; currency: string }) {
  return (
    <TitledCard id="rewards" title="Your Referral Rewards" className="lg:col-span-2">
      <ul className="divide-y divide-base-300">
        {rewards.map((r) => (
          <li key={r.id} className="py-3" data-testid="reward">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <p className="font-semibold">{`${formatMoney(r.amount, currency)} · ${r.type === "first_service" ? "a friend's first booking" : "a friend's later booking"}`}</p>
                <p className="text-sm text-base-content/80">{`Earned ${formatInstantDate(r.createdAt, timeZone)}`}</p>
              </div>
              <StatusBadge kind="referral" status={r.status} className="badge-sm h-auto min-h-5">
                {r.status === "paid" && r.paidAt ? `Paid on ${formatInstantDate(r.paidAt, timeZone)}` : undefined}
              </StatusBadge>
            </div>
            {r.status === "void" && r.voidReason && <p className="mt-1 text-sm break-words">{`Void: ${r.voidReason}`}</p>}
          </li>
        ))}
      </ul>
    </TitledCard>
  );
}

export function dashboardPage(
  site: SiteData,
  d: CustomerDashboard["data"],
  notice?: string,
  orders: OrderSummaryView[] = [],
  payments: InvoicedPayment[] = [],
  paying: { paypalClientId: string | null } = { paypalClientId: null },
  now = new Date(),
): PageDefinition {
  // "Back" only to someone who has been here before: the session of a first sign-in is greeted plainly.
  const greeting = site.user?.firstSignIn ? "Welcome" : "Welcome back";
  const welcome = d.firstName ? `${greeting}, ${d.firstName}` : greeting;
  return {
    path: "/dashboard",
    title: `Dashboard | ${site.settings.businessName}`,
    description: "Your bookings, orders and referral program.",
    noindex: true,
    scripts: [manifest.formPending],
    body: (
      <Layout site={site} active="/dashboard">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <div className="flex flex-wrap items-center justify-between gap-4">
            <h1 className="text-3xl font-bold">{welcome}</h1>
            <div className="flex flex-wrap gap-2">
              <WishlistLink count={site.wishlistIds?.length ?? 0} />
              <a href="/account" className="btn btn-ghost btn-sm">
                Account settings
              </a>
              <a href="/api/logout" className="btn btn-outline btn-sm">
                Logout
              </a>
            </div>
          </div>
          <EmailVerificationNotice user={site.user} />
          {notice && (
            <div role="status" className="alert alert-success mt-6">
              <p>{notice}</p>
            </div>
          )}

          <div className="mt-8 grid gap-4 md:grid-cols-3">
            <TitledCard id="status" title="Customer Status" titleClassName={statTitle}>
              <p>
                <span className={`badge ${d.isNewCustomer ? "badge-primary" : "badge-success"}`}>
                  {d.isNewCustomer ? "New Customer" : "Returning Customer"}
                </span>
              </p>
              <p className="text-sm">{d.isNewCustomer ? `Eligible for ${site.settings.newClientDiscountPercent}% discounts` : "Thank you for your loyalty"}</p>
            </TitledCard>
            <TitledCard id="bookings-count" title="Bookings made" titleClassName={statTitle}>
              <p className="text-3xl font-bold" data-testid="booking-count">
                {d.bookingCount}
              </p>
              <p className="text-sm" data-testid="booking-count-detail">
                {bookingCountsLine(d.bookingCounts)}
              </p>
            </TitledCard>
            <TitledCard id="earnings" title="Referral Earnings" titleClassName={statTitle}>
              <p className="text-3xl font-bold" data-testid="referral-total">
                {formatMoney(d.earnings.total, site.settings.currency)}
              </p>
              <p className="text-sm">{`${d.earnings.count} referral transaction${d.earnings.count === 1 ? "" : "s"}`}</p>
              <p
                className="text-sm"
                data-testid="referral-split"
              >{`${formatMoney(d.earnings.pending, site.settings.currency)} pending · ${formatMoney(d.earnings.paid, site.settings.currency)} paid`}</p>
            </TitledCard>
          </div>

          <div className="mt-6 grid gap-4 lg:grid-cols-2">
            <TitledCard id="referral" title="Referral Program">
              <Island
                name="ReferralPanel"
                props={{ origin: site.origin, firstReward: firstServiceReward, laterReward: laterServiceReward, generating: d.referralCode === null }}
                queries={d.referralCode ? [{ key: referralCodeKey, data: { referralCode: d.referralCode } }] : undefined}
              />
            </TitledCard>
            <TitledCard id="recent" title="Recent Bookings">
              {d.recentBookings.length === 0 ? (
                <div className="py-6 text-center">
                  <p className="font-semibold">No bookings yet</p>
                  <p className="text-sm text-base-content/80">Book your first investigation service</p>
                  <a href="/booking" className="btn btn-primary btn-sm mt-4">
                    Book Now
                  </a>
                </div>
              ) : (
                <ul className="divide-y divide-base-300">
                  {d.recentBookings.map((b) => (
                    <li key={b.id} className="py-3" data-testid="booking">
                      <div className="flex items-center justify-between gap-4">
                        <div>
                          <p className="font-semibold">{b.serviceName}</p>
                          <p className="text-sm text-base-content/80">{`${appointmentLabel(b.appointmentDate, b.appointmentTime)} · booked ${formatInstantDate(b.createdAt, site.settings.timezone)}`}</p>
                        </div>
                        <div className="flex flex-col items-end gap-1 text-right">
                          <p className="font-semibold">{formatKeptMoney(b.servicePrice, b.currency, site.settings.currency)}</p>
                          <StatusBadge kind="booking" status={b.status} className="badge-sm" />
                          {b.status !== "cancelled" && (
                            <StatusBadge kind="bookingPayment" status={b.payment.status} className="badge-sm whitespace-nowrap" testId="booking-payment">
                              {bookingPaymentLabel(b.payment)}
                            </StatusBadge>
                          )}
                        </div>
                      </div>
                      {/* A cancelled booking's case room only once it was made (decision 079). */}
                      {b.reference && b.status === "cancelled" && b.caseRoomId !== null && (
                        <div className="mt-2 flex flex-wrap gap-2">
                          <CaseRoomLink reference={b.reference} isNew={b.caseRoomNew} className="btn btn-outline btn-xs" />
                        </div>
                      )}
                      {b.status !== "cancelled" && (
                        <div className="mt-2 flex flex-wrap gap-2">
                          {b.reference && <CaseRoomLink reference={b.reference} isNew={b.caseRoomNew} className="btn btn-outline btn-xs" />}
                          {bookingMayBePaid(b.status, b.payment.status) && (
                            <PayBookingButton
                              site={site}
                              paypalClientId={paying.paypalClientId}
                              booking={b}
                              paymentStatus={b.payment.status}
                              plans={{ plan: b.plan, planOptions: b.planOptions }}
                              className="btn btn-primary btn-xs"
                            />
                          )}
                          {customerMayMove(b.status) &&
                            (beforeMoveDeadline(b, now, site.settings.timezone, site.settings.rescheduleCutoffHours) ? (
                              <MoveBookingLink bookingId={b.id} className="btn btn-outline btn-xs" />
                            ) : (
                              <p className="text-xs text-base-content/80 self-center">Too close to move online: {reachBusiness(site, "call")}</p>
                            ))}
                          <AddToCalendarLink bookingId={b.id} className="btn btn-ghost btn-xs" />
                          {b.status === "pending" && <CancelBookingForm bookingId={b.id} className="btn btn-outline btn-error btn-xs" />}
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              )}
            </TitledCard>
            {payments.length > 0 && <PaymentsCard payments={payments} timeZone={site.settings.timezone} />}
            {d.rewards.length > 0 && <RewardsCard rewards={d.rewards} timeZone={site.settings.timezone} currency={site.settings.currency} />}
            <section aria-labelledby="orders-title" className="card border border-base-300 bg-base-100 lg:col-span-2">
              <div className="card-body">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id="orders-title" className="card-title">
                    Recent Orders
                  </h2>
                  <a href="/orders" className="btn btn-ghost btn-sm">
                    All orders
                  </a>
                </div>
                {orders.length === 0 ? (
                  <p className="py-4 text-base-content/80">
                    No orders yet.{" "}
                    <a href="/shop" className="link">
                      Browse the Equipment Shop
                    </a>
                  </p>
                ) : (
                  <ul className="divide-y divide-base-300">
                    {orders.map((o) => (
                      <OrderSummaryRow key={o.orderNumber} order={o} timeZone={site.settings.timezone} />
                    ))}
                  </ul>
                )}
              </div>
            </section>
          </div>
        </div>
      </Layout>
    ),
  };
}
