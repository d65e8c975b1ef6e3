/** Booking (/booking): the six packages; choosing one opens the calendar and the details form. */
import { Hero } from "../components/blocks";
import { Island } from "../components/Island";
import { Layout } from "../components/Layout";
import { noticeWithActionClass, ResendLinkForm } from "../components/EmailVerificationNotice";
import type { SiteData } from "../components/site";
import { bookingPrice } from "../domain/booking";
import { formatMoneyPerUnit } from "../domain/format";
import { businessToday, lastBookableDate } from "../domain/slots";
import type { BookablePackage } from "../islands/BookingFlow";
import { manifest } from "../server/assets.server";
import type { PageDefinition } from "./page";

/** The packages as this viewer would book them (prices from the pricing table). */
export function bookablePackages(site: SiteData): BookablePackage[] {
  const returning = site.user ? !site.user.isNewCustomer : false;
  return site.pricing
    .filter((p) => p.kind === "package")
    .map((p) => {
      const price = bookingPrice(p, returning, site.settings.newClientDiscountPercent);
      return {
        id: p.id,
        name: p.name,
        price: price.servicePrice,
        currency: site.settings.currency,
        listPrice: price.originalPrice,
        discountPercent: price.discountPercent,
        priceNote:
          price.units > 1
            ? `${price.units}-${p.unit} minimum at ${formatMoneyPerUnit(p.price, p.unit, site.settings.currency)}`
            : p.unit === "month"
              ? "per month"
              : null,
        duration: p.duration,
        description: p.description,
        features: p.features,
        isPopular: p.isPopular,
      };
    });
}

export function bookingPage(site: SiteData, initialPackageId: string | null, now = new Date()): PageDefinition {
  const packages = bookablePackages(site);
  const chosen = packages.some((p) => p.id === initialPackageId) ? initialPackageId : null;
  const tz = site.settings.timezone;
  const unconfirmed = site.user !== null && !site.user.emailVerified;
  return {
    path: "/booking",
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
          <noscript>
            <div className="alert alert-warning mb-8">
              <span>
                Booking on the calendar needs JavaScript. You can also{" "}
                <a className="link" href="/contact">
                  send us a message
                </a>
                {site.settings.phone ? ` or call ${site.settings.phone} to book.` : " to book."}
              </span>
            </div>
          </noscript>
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
      </Layout>
    ),
  };
}
