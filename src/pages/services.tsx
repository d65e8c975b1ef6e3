/**
 * Services (/services): hero, six service cards whose Select buttons open the payment dialog,
 * combined surveillance & tracking, why choose us.
 */
import { FeatureCard, Hero, PackageGrid, Section } from "../components/blocks";
import type { IconName } from "../components/icons";
import { Island } from "../components/Island";
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import { bookingPrice, hourlyRate } from "../domain/booking";
import { isReturningCustomer, serviceOffer } from "../domain/payment";
import { formatMoney, formatMoneyPerUnit } from "../domain/format";
import { type VolumeBand, volumeBands } from "../domain/pricing";
import type { PageDefinition } from "./page";
import { paymentDialogProps } from "./payment-dialog-props";

const whyIcons: IconName[] = ["lock", "award", "clock"];

/** A row of the pricing table as the site shows it. */
type PackageRow = SiteData["pricing"][number];

/**
 * The new-client price of a package, per its unit, from the function the booking charges with
 * (`bookingPrice`; an hourly package's rate from `hourlyRate`), so the card, the booking page and
 * the booking itself say the same amount to the cent (decision 068).
 */
export function newClientUnitPrice(
  pkg: Pick<PackageRow, "price" | "unit" | "minimumUnits" | "lengthUnit" | "lengthCount">,
  newClientDiscountPercent: number,
  volume: readonly VolumeBand[],
): number {
  return pkg.unit === "hour"
    ? hourlyRate(pkg, false, newClientDiscountPercent)
    : bookingPrice(pkg, false, newClientDiscountPercent, undefined, volume).servicePrice;
}

/** The card's line for a package long enough for the volume table: the percent and what a returning customer pays; nothing otherwise. */
function VolumePrice({ pkg, volume, currency }: { pkg: PackageRow; volume: readonly VolumeBand[]; currency: string }) {
  const price = bookingPrice(pkg, true, 0, undefined, volume);
  if (price.volumePercent <= 0) return null;
  return (
    <p className="w-full text-sm" data-testid="volume-price">
      {`Volume discount for its length: ${price.volumePercent}% off, ${formatMoney(price.servicePrice, currency)}.`}
    </p>
  );
}

/** The card's line for new clients: the price they pay and to whom it applies; nothing for a returning customer or without a discount. */
function NewClientPrice({
  pkg,
  percent,
  returning,
  currency,
  volume,
}: {
  pkg: PackageRow;
  percent: number;
  returning: boolean;
  currency: string;
  volume: readonly VolumeBand[];
}) {
  if (returning || percent <= 0) return null;
  const volumePercent = bookingPrice(pkg, true, 0, undefined, volume).volumePercent;
  return (
    <p className="w-full text-sm" data-testid="new-client-price">
      <strong>{`New clients: ${formatMoneyPerUnit(newClientUnitPrice(pkg, percent, volume), pkg.unit, currency)}`}</strong>
      {` on your first booking with us (${percent}% off ${formatMoney(pkg.price, currency)}${volumePercent > 0 ? `, then the ${volumePercent}% volume discount` : ""}).`}
    </p>
  );
}

/**
 * The page for one viewer. Prices in the dialog are computed here: signed out (the cached page) or
 * new customer gets the new-client price; a returning customer (always rendered fresh) the list price.
 */
export function servicesPage(site: SiteData, payments: { paypalClientId: string | null } = { paypalClientId: null }): PageDefinition {
  const c = site.content;
  const packages = site.pricing.filter((p) => p.kind === "package");
  const tracking = site.pricing.filter((p) => p.kind === "tracking");
  const combined = site.pricing.filter((p) => p.kind === "combined");
  const volume = site.pricing.filter((p) => p.kind === "volume");
  const bands = volumeBands(site.pricing);
  const newClient = site.settings.newClientDiscountPercent;
  const returning = isReturningCustomer(site.user);
  const dialog = paymentDialogProps(site, payments.paypalClientId);
  return {
    path: "/services",
    title: `Infidelity Investigation Services & Prices | ${site.settings.businessName}`,
    description: "Fixed-price partner surveillance and infidelity investigation packages in Adelaide, from a same-day check up to two-week investigations.",
    body: (
      <Layout site={site} active="/services">
        <Hero title={c["services.hero"].title} subtitle={c["services.hero"].subtitle}>
          {/* Empty when cryptocurrency is not on offer (decision 067): then no box at all. */}
          {c["services.hero"].cryptoNotice.trim() !== "" && (
            <p className="mt-6 flex max-w-2xl gap-3 rounded-box border border-neutral-content/30 p-4 text-sm">
              <span aria-hidden="true">🔒</span>
              <span>{c["services.hero"].cryptoNotice}</span>
            </p>
          )}
        </Hero>

        <Section
          id="packages"
          title="Choose Your Investigation"
          subtitle={newClient > 0 ? `New clients receive ${newClient}% off their first service, applied when you choose a package.` : undefined}
        >
          <PackageGrid
            packages={packages}
            currency={site.settings.currency}
            action={(p) => (
              <>
                <NewClientPrice pkg={p} percent={newClient} returning={returning} currency={site.settings.currency} volume={bands} />
                <VolumePrice pkg={p} volume={bands} currency={site.settings.currency} />
                <Island
                  name="PaymentDialog"
                  hydrate="interaction"
                  props={{
                    ...dialog,
                    service: serviceOffer(p, returning, { ...site.settings, volume: bands }),
                    fallbackHref: `/contact?service=${encodeURIComponent(p.id)}#contact-form`,
                  }}
                />
              </>
            )}
          />
        </Section>

        <Section id="combined" title={c["services.combined"].title} subtitle={c["services.combined"].text}>
          <div className="grid gap-6 md:grid-cols-2">
            <div className="card border border-base-300 bg-base-100">
              <div className="card-body">
                <h3 className="card-title">Rates</h3>
                <ul className="space-y-2">
                  {combined.map((p) => (
                    <li key={p.id} className="flex justify-between gap-4">
                      <span>{p.id === "combined-daily-max" ? "Daily maximum" : p.name}</span>
                      <strong>{formatMoneyPerUnit(p.price, p.unit, site.settings.currency)}</strong>
                    </li>
                  ))}
                  {tracking.map((p) => (
                    <li key={p.id} className="flex justify-between gap-4">
                      <span>Vehicle Tracking (GPS)</span>
                      <strong>{formatMoneyPerUnit(p.price, p.unit, site.settings.currency)}</strong>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            <div className="card border border-base-300 bg-base-100">
              <div className="card-body">
                <h3 className="card-title">Volume discounts</h3>
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">Duration</th>
                      <th scope="col">Discount</th>
                    </tr>
                  </thead>
                  <tbody>
                    {volume.map((v) => (
                      <tr key={v.id}>
                        <td>{v.name}</td>
                        <td>{Number(v.price) > 0 ? `${Number(v.price)}% off` : "Standard rate"}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </div>
          {/* Empty when the owner does not offer payment plans (decision 087): then no promise at all. */}
          {c["home.payment-plans"].text.trim() !== "" && (
            <p className="mt-6">
              <strong>{`${c["home.payment-plans"].title}.`}</strong> {c["home.payment-plans"].text}
            </p>
          )}
        </Section>

        <Section id="why" title={c["services.why"].title}>
          <div className="grid gap-4 md:grid-cols-3">
            {c["services.why"].items.map((w, i) => (
              <FeatureCard key={w.title} icon={whyIcons[i] ?? "check"} title={w.title} text={w.text} />
            ))}
          </div>
        </Section>
      </Layout>
    ),
  };
}
