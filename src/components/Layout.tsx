/** The page frame: skip link, optional promo banner, navigation, main content and footer. */
import type { ReactNode } from "react";
import { formatMoney } from "../domain/format";
import { Nav } from "./Nav";
import type { SiteData } from "./site";
import { footerVisitsLabel } from "../shared/visit-labels";

/** A labelled landmark of its own (a top-level aside), so no content of the page sits outside one. */
function PromoBanner({ site }: { site: SiteData }) {
  const promo = site.content["site.promo"];
  return (
    <aside aria-label="Current offer" className="bg-neutral px-4 py-2 text-center text-sm text-neutral-content">
      <span>{`${promo.text} Free shipping on orders of ${formatMoney(site.settings.freeShippingThreshold, site.settings.currency)} and over. `}</span>
      <a href="/shop" className="font-semibold underline underline-offset-2">
        {promo.linkLabel}
      </a>
    </aside>
  );
}

/** The footer's links, in order. */
const footerLinks = [
  ["/services", "Services"],
  ["/shop", "Equipment Shop"],
  ["/contact", "Contact"],
  ["/privacy", "Privacy Policy"],
] as const;

function Footer({ site, showCounter }: { site: SiteData; showCounter: boolean }) {
  return (
    <footer className="mt-16 border-t border-base-300 bg-base-200">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 text-sm sm:grid-cols-2">
        <div className="space-y-2">
          <p className="font-semibold">{site.settings.businessName}</p>
          <p>Confidential investigations across Adelaide and South Australia.</p>
          <p className="text-base-content/80">{site.content["site.disclaimer"].text}</p>
        </div>
        <nav aria-label="Footer" className="flex flex-col gap-1 sm:items-end">
          {footerLinks.map(([href, label]) => (
            <a key={href} className="link-hover link" href={href}>
              {label}
            </a>
          ))}
        </nav>
      </div>
      <div className="border-t border-base-300 px-4 py-4 text-center text-xs text-base-content/80">
        <p>{`© ${site.year} ${site.settings.businessName}. All rights reserved.`}</p>
        {showCounter && (
          <p id="visitor-counter" hidden>
            {`${footerVisitsLabel}: `}
            <span id="visitor-count"></span>
          </p>
        )}
      </div>
    </footer>
  );
}

export type LayoutProps = {
  site: SiteData;
  active: string;
  promo?: boolean;
  showCounter?: boolean;
  children: ReactNode;
};

export function Layout({ site, active, promo = false, showCounter = false, children }: LayoutProps) {
  return (
    <>
      <a href="#main" className="skip-link btn btn-sm btn-primary">
        Skip to content
      </a>
      {promo && <PromoBanner site={site} />}
      <Nav active={active} user={site.user} cartCount={site.cartCount} businessName={site.settings.businessName} />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer site={site} showCounter={showCounter} />
    </>
  );
}
