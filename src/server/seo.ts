/** robots.txt, sitemap.xml and the business's JSON-LD. */
import type { Settings } from "../shared/settings";

/** The public, indexable pages. */
export const publicPaths = ["/", "/services", "/shop", "/booking", "/about", "/contact", "/privacy"];

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /dashboard",
    "Disallow: /api",
    "Disallow: /account",
    "Disallow: /cart",
    "Disallow: /login",
    "Disallow: /forgot-password",
    "Disallow: /reset-password",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

export function sitemapXml(origin: string, extraPaths: string[] = []): string {
  const urls = [...publicPaths, ...extraPaths].map((p) => `<url><loc>${origin}${p === "/" ? "/" : p}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join("")}</urlset>\n`;
}

/** schema.org data describing the business, for search engines. */
export function businessJsonLd(settings: Settings, origin: string): object {
  return {
    "@context": "https://schema.org",
    "@type": "ProfessionalService",
    name: settings.businessName,
    url: `${origin}/`,
    ...(settings.phone ? { telephone: settings.phone } : {}),
    ...(settings.email ? { email: settings.email } : {}),
    areaServed: [
      { "@type": "City", name: "Adelaide" },
      { "@type": "State", name: "South Australia" },
    ],
    image: `${origin}/favicon.svg`,
    address: {
      "@type": "PostalAddress",
      ...(settings.streetAddress ? { streetAddress: settings.streetAddress } : {}),
      addressLocality: "Adelaide",
      addressRegion: "SA",
      ...(settings.postalCode ? { postalCode: settings.postalCode } : {}),
      addressCountry: "AU",
    },
    openingHours: "Mo-Su 00:00-23:59",
    priceRange: "$$",
  };
}
