/**
 * Booking (/booking): the six packages; choosing one opens the calendar and the details form, or
 * without JavaScript the plain form of booking-form-nojs.tsx.
 */
import { Hero } from "../components/blocks";
import { Island } from "../components/Island";
import { Layout } from "../components/Layout";
import { noticeWithActionClass, ResendLinkForm } from "../components/EmailVerificationNotice";
import type { SiteData } from "../components/site";
import { bookingPrice, hourlyRate } from "../domain/booking";
import { formatMoneyPerUnit } from "../domain/format";
import { volumeBands } from "../domain/pricing";
import { businessToday, choosesHours, lastBookableDate, minimumHours } from "../domain/slots";
import type { BookablePackage } from "../islands/BookingFlow";
import { manifest } from "../server/assets.server";
import { type PlainBooking, PlainBookingForm } from "./booking-form-nojs";
import type { PageDefinition } from "./page";

/** The packages as this viewer would book them (prices from the pricing table). */
export function bookablePackages(site: SiteData): BookablePackage[] {
  const returning = site.user ? !site.user.isNewCustomer : false;
  // The volume table /services shows, applied as the booking will apply it.
  const volume = volumeBands(site.pricing);
  return site.pricing
    .filter((p) => p.kind === "package")
    .map((p) => {
      const price = bookingPrice(p, returning, site.settings.newClientDiscountPercent, undefined, volume);
      return {
        id: p.id,
        name: p.name,
        price: price.servicePrice,
        currency: site.settings.currency,
        listPrice: price.originalPrice,
        discountPercent: price.discountPercent,
        priceNote:
          price.volumePercent > 0
            ? `Includes the ${price.volumePercent}% volume discount for its length`
            : price.units > 1
              ? `${price.units}-${p.unit} minimum at ${formatMoneyPerUnit(p.price, p.unit, site.settings.currency)}`
              : p.unit === "month"
                ? "per month"
                : null,
        duration: p.duration,
        hourly: choosesHours(p) ? { minimumHours: minimumHours(p), rate: hourlyRate(p, returning, site.settings.newClientDiscountPercent) } : null,
        description: p.description,
        features: p.features,
        isPopular: p.isPopular,
      };
    });
}

/** The page as the plain form left it: its days, times and last try (signed-in, confirmed customers with a package chosen). */
export type BookingPageState = { plain?: PlainBooking; status?: PageDefinition["status"] };

export function bookingPage(site: SiteData, initialPackageId: string | null, now = new Date(), state: BookingPageState = {}): PageDefinition {
  const packages = bookablePackages(site);
  const chosen = packages.some((p) => p.id === initialPackageId) ? initialPackageId : null;
  const tz = site.settings.timezone;
  const unconfirmed = site.user !== null && !site.user.emailVerified;
  const plain = state.plain;
  const plainPkg = plain ? packages.find((p) => p.id === plain.service) : undefined;
  return {
    path: "/booking",
    status: state.status,
    title: `Book an Investigation | ${site.settings.businessName}`,
    description: "Choose an investigation package and book a confidential appointment on our calendar.",
    // The "send the link again" form shows its pending label.
    scripts: unconfirmed ? [manifest.formPending] : undefined,
    body: (
      <Layout site={site} active="/booking">
        <Hero title="Book an Investigation" subtitle="Choose a package, then a date and time that suits you. Everything you tell us stays confidential." />
        <div className="mx-auto max-w-6xl px-4 py-10">
          {!site.user && (
            <div role="note" className="alert alert-info mb-8 flex flex-wrap justify-between">
              <span>Please log in to book an appointment. Your account keeps your bookings private.</span>
              <a href="/api/login?returnTo=%2Fbooking" className="btn btn-sm btn-neutral">
                Log In to Book
              </a>
            </div>
          )}
          {unconfirmed && site.user && (
            <div role="alert" className={`${noticeWithActionClass} mb-8`} data-testid="booking-blocker">
              <div className="min-w-0 flex-1">
                <p className="font-semibold">Please confirm your e-mail address to book</p>
                <p className="text-sm">
                  We sent a link to <span className="break-all">{site.user.email}</span>. Open it, then come back here: your booking's confirmation goes to that
                  address.
                </p>
              </div>
              <ResendLinkForm />
            </div>
          )}
          {/* Without JavaScript the package cards still lead here by their links; a chosen package is then booked with the plain form. */}
          {chosen && (
            <noscript>
              {plain && plainPkg ? (
                <PlainBookingForm plain={plain} pkg={plainPkg} timeZone={tz} />
              ) : (
                <a href="/booking" className="btn btn-ghost btn-sm">
                  ← Back to Services
                </a>
              )}
            </noscript>
          )}
          <div className={chosen ? "noscript:hidden" : undefined}>
            <Island
              name="BookingFlow"
              props={{
                packages,
                userEmail: site.user?.email ?? null,
                emailConfirmed: site.user?.emailVerified ?? false,
                initialPackageId: chosen,
                today: businessToday(now, tz),
                lastDay: lastBookableDate(now, tz),
                timeZone: tz,
              }}
            />
          </div>
        </div>
      </Layout>
    ),
  };
}
