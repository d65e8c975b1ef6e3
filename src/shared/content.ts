/**
 * The editable texts of the public pages. Each content section has an id, a title for the admin
 * portal and a JSON body validated by the schema below; pages render from these, so the owner can
 * change any text without a deploy.
 */
import { z } from "zod";

const line = z.string().trim().min(1, "Required").max(300);
const paragraph = z.string().trim().min(1, "Required").max(4000);
const titled = z.object({ title: line, text: paragraph });

export const contentSchemas = {
  "site.promo": z.object({ text: line, linkLabel: line }),
  "site.disclaimer": z.object({ text: paragraph }),
  "home.hero": z.object({
    eyebrow: line,
    title: line,
    subtitle: paragraph,
    promo: line,
    primaryCta: line,
    secondaryCta: line,
  }),
  "home.features": z.object({ items: z.array(titled).min(1).max(6) }),
  "home.cta": z.object({ title: line, text: paragraph, linkLabel: line, buttonLabel: line }),
  "home.stats": z.object({
    items: z
      .array(z.object({ value: line, label: line }))
      .min(1)
      .max(6),
  }),
  "home.packages": z.object({ title: line, subtitle: paragraph, buttonLabel: line }),
  "home.payment-plans": z.object({ title: line, text: paragraph }),
  "services.hero": z.object({ title: line, subtitle: paragraph, cryptoNotice: paragraph }),
  "services.combined": z.object({ title: line, text: paragraph }),
  "services.why": z.object({ title: line, items: z.array(titled).min(1).max(6) }),
  "about.intro": titled,
  "about.story": z.object({ title: line, paragraphs: z.array(paragraph).min(1).max(6) }),
  "about.process": z.object({ title: line, steps: z.array(titled).min(1).max(8) }),
  "about.credentials": z.object({ title: line, items: z.array(titled).min(1).max(6) }),
  "about.testimonials": z.object({
    title: line,
    items: z
      .array(z.object({ client: line, initials: line, quote: paragraph }))
      .min(1)
      .max(6),
  }),
  "about.legal": titled,
  "contact.hero": z.object({ title: line, subtitle: paragraph }),
  "contact.details": z.object({ title: line, responseNote: line }),
  "contact.privacy": titled,
  "contact.areas": z.object({ title: line, items: z.array(line).min(1).max(12) }),
  "contact.faq": z.object({
    title: line,
    items: z
      .array(z.object({ question: line, answer: paragraph }))
      .min(1)
      .max(12),
  }),
  "shop.hero": z.object({ title: line, subtitle: paragraph, loginNotice: line }),
  "shop.info": z.object({ items: z.array(titled).min(1).max(6) }),
  "shop.shipping": z.object({ title: line, items: z.array(titled).min(1).max(6) }),
} as const;

export type ContentId = keyof typeof contentSchemas;
export type Content = { [K in ContentId]: z.infer<(typeof contentSchemas)[K]> };

/** True when `id` names a known content section. */
export function isContentId(id: string): id is ContentId {
  return Object.hasOwn(contentSchemas, id);
}
