/** Small presentational pieces shared by the public pages. */
import type { ReactNode } from "react";
import type { ServicePrice } from "../db/schema";
import { formatMoneyPerUnit } from "../domain/format";
import { Icon, type IconName } from "./icons";

export function Section({
  id,
  title,
  subtitle,
  children,
  className = "",
}: {
  id?: string;
  title?: string;
  subtitle?: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={`mx-auto max-w-6xl px-4 py-12 ${className}`}>
      {title && (
        <div className="mb-8 max-w-2xl">
          <h2 id={headingId} className="text-2xl font-bold sm:text-3xl">
            {title}
          </h2>
          {subtitle && <p className="mt-2 text-base-content/80">{subtitle}</p>}
        </div>
      )}
      {children}
    </section>
  );
}

export function FeatureCard({ icon, title, text }: { icon: IconName; title: string; text: string }) {
  return (
    <div className="card border border-base-300 bg-base-100">
      <div className="card-body">
        <span className="text-primary">
          <Icon name={icon} className="size-8" />
        </span>
        <h3 className="card-title text-lg">{title}</h3>
        <p className="text-base-content/80">{text}</p>
      </div>
    </div>
  );
}

export function Hero({ title, subtitle, eyebrow, children }: { title: string; subtitle: string; eyebrow?: string; children?: ReactNode }) {
  return (
    <div className="bg-neutral text-neutral-content">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
        {eyebrow && <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-accent">{eyebrow}</p>}
        <h1 className="max-w-3xl text-3xl font-bold leading-tight sm:text-5xl">{title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-neutral-content/90">{subtitle}</p>
        {children}
      </div>
    </div>
  );
}

export function FeatureList({ items }: { items: string[] }) {
  return (
    <ul className="space-y-1 text-sm">
      {items.map((f) => (
        <li key={f} className="flex gap-2">
          <Icon name="check" className="mt-0.5 size-4 shrink-0 text-success" />
          <span>{f}</span>
        </li>
      ))}
    </ul>
  );
}

/** The packages in a grid of cards, each with its own action (a link on /, the payment dialog on /services). */
export function PackageGrid({ packages, currency, action }: { packages: ServicePrice[]; currency: string; action: (pkg: ServicePrice) => ReactNode }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {packages.map((p) => (
        <PackageCard key={p.id} pkg={p} currency={currency} action={action(p)} />
      ))}
    </div>
  );
}

/** A package card with its price from the pricing table; `action` is the card's button or link. */
export function PackageCard({ pkg, currency, action, headingLevel = 3 }: { pkg: ServicePrice; currency: string; action: ReactNode; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className={`card border bg-base-100 ${pkg.isPopular ? "border-primary shadow-md" : "border-base-300"}`}>
      <div className="card-body">
        <div className="flex items-start justify-between gap-2">
          <Heading className="card-title text-lg">{pkg.name}</Heading>
          {pkg.isPopular && <span className="badge badge-primary shrink-0">POPULAR</span>}
        </div>
        <p className="text-3xl font-bold">
          {formatMoneyPerUnit(pkg.price, pkg.unit, currency)}
          {pkg.minimumUnits > 1 && <span className="ml-2 text-sm font-normal text-base-content/80">{`${pkg.minimumUnits}-${pkg.unit} minimum`}</span>}
        </p>
        {pkg.duration && <p className="text-sm text-base-content/80">{pkg.duration}</p>}
        <p className="text-sm">{pkg.description}</p>
        <FeatureList items={pkg.features} />
        <div className="card-actions mt-auto pt-4">{action}</div>
      </div>
    </article>
  );
}
