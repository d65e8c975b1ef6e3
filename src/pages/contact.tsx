/** Contact (/contact): hero, details, privacy guarantee, service areas, the secure form and FAQ. */
import { Hero, Section } from "../components/blocks";
import { Icon, type IconName } from "../components/icons";
import { Island } from "../components/Island";
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import { TitledCard } from "../components/TitledCard";
import { contactServiceOptions } from "../domain/contact";
import type { ContactFormValues, ContactNotice } from "../shared/contact";
import type { PageDefinition } from "./page";

/** What a no-JS form post leaves for the page to show. */
export type ContactPageState = {
  values?: Partial<ContactFormValues>;
  errors?: Record<string, string>;
  sent?: boolean;
  /** A message for the whole form (rate limit, server trouble). */
  formError?: string;
};

/** The notice a no-JS post leaves above the form: the island shows it and replaces it on the next send. */
function contactNoticeFor(state: ContactPageState): ContactNotice | undefined {
  if (state.formError) return { kind: "failed", text: state.formError };
  if (state.errors) return { kind: "invalid" };
  if (state.sent) return { kind: "sent" };
  return undefined;
}

export function contactPage(site: SiteData, state: ContactPageState = {}): PageDefinition {
  const c = site.content;
  const s = site.settings;
  const details: { icon: IconName; label: string; value: string; href?: string }[] = [
    { icon: "phone", label: "Phone / text", value: s.phone, href: `tel:${s.phone.replace(/[^+\d]/g, "")}` },
    { icon: "mail", label: "E-mail", value: s.email, href: `mailto:${s.email}` },
    { icon: "message", label: "Signal", value: s.signal },
    { icon: "message", label: "WhatsApp", value: s.whatsapp },
    { icon: "message", label: "Messenger", value: s.messenger },
  ].filter((d) => d.value);
  const faq = c["contact.faq"];
  return {
    path: "/contact",
    title: `Contact a Private Investigator in Adelaide | ${s.businessName}`,
    description: "Confidential enquiries by phone, e-mail, Signal or WhatsApp, or through our secure form. We respond within 2 hours.",
    status: state.errors ? 400 : state.formError ? 429 : 200,
    noindex: Boolean(state.values || state.sent),
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: faq.items.map((q) => ({ "@type": "Question", name: q.question, acceptedAnswer: { "@type": "Answer", text: q.answer } })),
      },
    ],
    body: (
      <Layout site={site} active="/contact">
        <Hero title={c["contact.hero"].title} subtitle={c["contact.hero"].subtitle} />

        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12 lg:grid-cols-3">
          <TitledCard id="details" title={c["contact.details"].title}>
            {details.length === 0 && <p data-testid="no-contact-details">Send us a message with the secure form on this page and we will get back to you.</p>}
            <ul className="space-y-3">
              {details.map((d) => (
                <li key={d.label} className="flex items-start gap-3">
                  <Icon name={d.icon} className="mt-0.5 size-5 text-primary" />
                  <span>
                    <span className="block text-sm text-base-content/80">{d.label}</span>
                    {d.href ? (
                      <a className="link" href={d.href}>
                        {d.value}
                      </a>
                    ) : (
                      <span>{d.value}</span>
                    )}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-2 flex items-center gap-2 font-semibold">
              <Icon name="clock" className="size-5 text-primary" /> {c["contact.details"].responseNote}
            </p>
          </TitledCard>
          <TitledCard
            id="privacy"
            title={
              <>
                <Icon name="shield" className="size-5 text-primary" /> {c["contact.privacy"].title}
              </>
            }
          >
            <p>{c["contact.privacy"].text}</p>
          </TitledCard>
          <TitledCard
            id="areas"
            title={
              <>
                <Icon name="map" className="size-5 text-primary" /> {c["contact.areas"].title}
              </>
            }
          >
            <ul className="list-inside list-disc space-y-1">
              {c["contact.areas"].items.map((a) => (
                <li key={a}>{a}</li>
              ))}
            </ul>
          </TitledCard>
        </div>

        <Section
          id="contact-form"
          title="Secure Contact Form"
          subtitle="Tell us as much or as little as you are comfortable with. Fields marked optional can be left empty."
        >
          <div className="max-w-3xl">
            <Island
              name="ContactForm"
              hydrate="visible"
              props={{
                serviceOptions: contactServiceOptions(site.pricing, site.settings.currency),
                initialValues: state.values,
                initialErrors: state.errors,
                initialNotice: contactNoticeFor(state),
                responseHours: s.responseTimeHours,
                // Customer-facing (decision 037): empty while the phone is a placeholder, so no
                // immediate response is promised without a number to call.
                businessPhone: s.phone,
              }}
            />
          </div>
        </Section>

        <Section id="faq" title={faq.title}>
          <div className="max-w-3xl space-y-2">
            {faq.items.map((q) => (
              <details key={q.question} className="collapse collapse-arrow border border-base-300 bg-base-100">
                <summary className="collapse-title font-semibold">{q.question}</summary>
                <div className="collapse-content">
                  <p>{q.answer}</p>
                </div>
              </details>
            ))}
          </div>
        </Section>
      </Layout>
    ),
  };
}
