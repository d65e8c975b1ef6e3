/**
 * The editable texts of the public pages. Each content section has an id, a title for the admin
 * portal and a JSON body validated by the schema below; pages render from these, so the owner can
 * change any text without a deploy. Written with zod/mini: the portal's content editor validates
 * with the same schemas, and its messages show under the fields.
 */
import { typedPercentOff } from "../domain/promised-percents";
import { z } from "./zod-mini";

/** What the editor says when a text types a discount figure rather than naming its setting. */
export const typedPercentMessage = "Write {newClientDiscount}% or {cryptoDiscount}% so the offer always says the discount the prices apply";

const text = (max: number) =>
  z.string("Required").check(
    z.trim(),
    z.minLength(1, "Required"),
    z.maxLength(max, `Keep this under ${max.toLocaleString("en-AU")} characters`),
    z.refine((v) => !typedPercentOff(v), typedPercentMessage),
  );
const line = text(300);
const paragraph = text(4000);
/** A group of named fields (a section, or one item of a list). */
const fields = <T extends z.core.$ZodLooseShape>(shape: T) => z.object(shape, "Must be an object of fields");
const titled = fields({ title: line, text: paragraph });
const list = <T extends z.core.SomeType>(item: T, max: number) =>
  z.array(item, "Must be a list").check(z.minLength(1, "Keep at least one item"), z.maxLength(max, `At most ${max} items`));

export const contentSchemas = {
  "site.promo": fields({ text: line, linkLabel: line }),
  "site.disclaimer": fields({ text: paragraph }),
  "home.hero": fields({
    eyebrow: line,
    title: line,
    subtitle: paragraph,
    promo: line,
    primaryCta: line,
    secondaryCta: line,
  }),
  "home.features": fields({ items: list(titled, 6) }),
  "home.cta": fields({ title: line, text: paragraph, linkLabel: line, buttonLabel: line }),
  "home.stats": fields({ items: list(fields({ value: line, label: line }), 6) }),
  "home.packages": fields({ title: line, subtitle: paragraph, buttonLabel: line }),
  "home.payment-plans": fields({ title: line, text: paragraph }),
  "services.hero": fields({ title: line, subtitle: paragraph, cryptoNotice: paragraph }),
  "services.combined": fields({ title: line, text: paragraph }),
  "services.why": fields({ title: line, items: list(titled, 6) }),
  "about.intro": titled,
  "about.story": fields({ title: line, paragraphs: list(paragraph, 6) }),
  "about.process": fields({ title: line, steps: list(titled, 8) }),
  "about.credentials": fields({ title: line, items: list(titled, 6) }),
  "about.testimonials": fields({ title: line, items: list(fields({ client: line, initials: line, quote: paragraph }), 6) }),
  "about.legal": titled,
  "contact.hero": fields({ title: line, subtitle: paragraph }),
  "contact.details": fields({ title: line, responseNote: line }),
  "contact.privacy": titled,
  "contact.areas": fields({ title: line, items: list(line, 12) }),
  "contact.faq": fields({ title: line, items: list(fields({ question: line, answer: paragraph }), 12) }),
  "shop.hero": fields({ title: line, subtitle: paragraph, loginNotice: line }),
  "shop.info": fields({ items: list(titled, 6) }),
  "shop.shipping": fields({ title: line, items: list(titled, 6) }),
} as const;

export type ContentId = keyof typeof contentSchemas;
export type Content = { [K in ContentId]: z.infer<(typeof contentSchemas)[K]> };

/** True when `id` names a known content section. */
export function isContentId(id: string): id is ContentId {
  return Object.hasOwn(contentSchemas, id);
}

/** A content section as the admin API shows it (id, title, type, content, updatedAt). */
export type ContentSectionView = { id: ContentId; title: string; type: string; content: Content[ContentId]; updatedAt: string | null };

/**
 * The body of `PUT /api/admin/content/{id}`: the whole section as the GET gave it. Only `content`
 * is written (validated by the section's own schema); `id`, if sent, must name the same section;
 * `title`, `type` and `updatedAt` are the server's and are not changed by a PUT.
 */
export const contentSectionPutSchema = z.strictObject(
  {
    id: z.optional(z.string("Must be text")),
    title: z.optional(z.string("Must be text")),
    type: z.optional(z.string("Must be text")),
    updatedAt: z.optional(z.nullable(z.string("Must be text"))),
    content: z.custom<unknown>((value) => value !== undefined, "Required"),
  },
  { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : "Send the section as a JSON object") },
);
