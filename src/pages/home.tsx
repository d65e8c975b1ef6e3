/** Home (/): hero, features, get-started block, stats, package grid, payment plans. */
import { Hero, PackageGrid, Section } from "../components/blocks";
import { FeatureGrid } from "../components/FeatureGrid";
import type { IconName } from "../components/icons";
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import { formatMoneyPerUnit } from "../domain/format";
import { manifest } from "../server/assets.server";
import { businessJsonLd } from "../server/seo";
import type { PageDefinition } from "./page";

const featureIcons: IconName[] = ["eye", "camera", "clock", "shield", "lock", "award"];

export function homePage(site: SiteData): PageDefinition {
  const c = site.content;
  const hero = c["home.hero"];
  const packages = site.pricing.filter((p) => p.kind === "package");
  const tracking = site.pricing.filter((p) => p.kind === "tracking");
  return {
    path: "/",
    title: `${site.settings.businessName} | Private Investigator Adelaide`,
    description:
      "Discreet partner surveillance and infidelity investigations in Adelaide and South Australia. Photo and video evidence, GPS tracking and clear reports.",
    scripts: [manifest.counter],
    jsonLd: [businessJsonLd(site.settings, site.origin)],
    body: (
      <Layout site={site} active="/" promo showCounter>
        <Hero title={hero.title} subtitle={hero.subtitle} eyebrow={hero.eyebrow}>
          <p className="mt-6 inline-block rounded-box bg-accent px-4 py-2 font-semibold text-accent-content">{hero.promo}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="/services" className="btn btn-primary btn-lg">
              {hero.primaryCta}
            </a>
            <a href="/contact" className="btn btn-outline btn-lg border-neutral-content text-neutral-content hover:bg-neutral-content hover:text-neutral">
              {hero.secondaryCta}
            </a>
          </div>
        </Hero>

        <Section id="features">
          <h2 className="sr-only">Why clients choose us</h2>
          <FeatureGrid items={c["home.features"].items} icons={featureIcons} />
        </Section>

        <Section id="get-started">
          <div className="rounded-box bg-base-200 p-8 sm:flex sm:items-center sm:justify-between sm:gap-8">
            <div className="max-w-2xl">
              <h2 id="get-started-title" className="text-2xl font-bold">
                {c["home.cta"].title}
              </h2>
              <p className="mt-2">{c["home.cta"].text}</p>
              <a href="/contact" className="link link-primary mt-2 inline-block font-semibold">
                {c["home.cta"].linkLabel}
              </a>
            </div>
            <a href="/services" className="btn btn-primary mt-4 sm:mt-0">
              {c["home.cta"].buttonLabel}
            </a>
          </div>
        </Section>

        <Section id="stats">
          <h2 className="sr-only">Our record</h2>
          <dl className="grid grid-cols-2 gap-4 text-center md:grid-cols-4">
            {c["home.stats"].items.map((s) => (
              <div key={s.label} className="rounded-box border border-base-300 p-6">
                <dt className="text-sm text-base-content/80">{s.label}</dt>
                <dd className="text-3xl font-bold text-primary">{s.value}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section id="packages" title={c["home.packages"].title} subtitle={c["home.packages"].subtitle}>
          <PackageGrid
            packages={packages}
            currency={site.settings.currency}
            action={() => (
              <a href="/services" className="btn btn-outline btn-primary btn-sm">
                See details
              </a>
            )}
          />
          {tracking.length > 0 && (
            <p className="mt-6 rounded-box bg-base-200 p-4">
              <strong>Vehicle Tracking (GPS):</strong> {tracking.map((t) => formatMoneyPerUnit(t.price, t.unit, site.settings.currency)).join(" or ")}
            </p>
          )}
          <div className="mt-8 flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
            {/* Empty when the owner does not offer payment plans (decision 087): then no promise at all. */}
            {c["home.payment-plans"].text.trim() !== "" && (
              <p>
                <strong>{`${c["home.payment-plans"].title}.`}</strong> {c["home.payment-plans"].text}
              </p>
            )}
            <a href="/services" className="btn btn-primary">
              {c["home.packages"].buttonLabel}
            </a>
          </div>
        </Section>
      </Layout>
    ),
  };
}
