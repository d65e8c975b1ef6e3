/** How the content editor names the fields of the sections (shared/content.ts) for the owner. */

const labels: Record<string, string> = {
  text: "Text",
  title: "Heading",
  subtitle: "Subheading",
  eyebrow: "Line above the heading",
  promo: "Promotion",
  primaryCta: "First button",
  secondaryCta: "Second button",
  linkLabel: "Link text",
  buttonLabel: "Button text",
  cryptoNotice: "Cryptocurrency notice",
  responseNote: "Response time note",
  loginNotice: "Sign-in notice",
  value: "Figure",
  label: "Label",
  client: "Client",
  initials: "Initials",
  quote: "Quote",
  question: "Question",
  answer: "Answer",
};

/** The label of a field, by its key. */
export function fieldLabel(key: string): string {
  return labels[key] ?? key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
}

/** Lists, by section and key: the list's label and what one entry is called. */
const lists: Record<string, { label: string; noun: string }> = {
  "home.features.items": { label: "Features", noun: "Feature" },
  "home.stats.items": { label: "Statistics", noun: "Statistic" },
  "services.why.items": { label: "Reasons", noun: "Reason" },
  "about.story.paragraphs": { label: "Paragraphs", noun: "Paragraph" },
  "about.process.steps": { label: "Steps", noun: "Step" },
  "about.credentials.items": { label: "Credentials", noun: "Credential" },
  "about.testimonials.items": { label: "Testimonials", noun: "Testimonial" },
  "contact.areas.items": { label: "Areas", noun: "Area" },
  "contact.faq.items": { label: "Questions", noun: "Question" },
  "shop.info.items": { label: "Tiles", noun: "Tile" },
  "shop.shipping.items": { label: "Points", noun: "Point" },
};

/** The label of a list and the name of one of its entries. */
export function listNames(sectionId: string, key: string): { label: string; noun: string } {
  return lists[`${sectionId}.${key}`] ?? { label: fieldLabel(key), noun: "Item" };
}

const multiline = new Set(["text", "subtitle", "cryptoNotice", "quote", "answer", "paragraphs"]);

/** True for fields written as paragraphs (a text area rather than one line). */
export function isMultiline(key: string): boolean {
  return multiline.has(key);
}
