/** Privacy policy (/privacy): what we collect, why, who sees it and how to be forgotten. */
import { Hero, Section } from "../components/blocks";
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import type { PageDefinition } from "./page";

export function privacyPage(site: SiteData): PageDefinition {
  const s = site.settings;
  const sections: { title: string; text: string }[] = [
    {
      title: "What we collect",
      text: "Only what you give us: your name, e-mail, optional phone number and the details of your enquiry or booking. If you create an account we also keep a securely hashed password. We count page visits as a single total; we do not record who visited.",
    },
    {
      title: "Why we collect it",
      text: "To answer your enquiry, carry out and report on the services you book, process payments and ship equipment you order. We never use your details for advertising.",
    },
    {
      title: "Who sees it",
      text: "Only the investigators working on your matter and the owner of the business. We do not sell or share personal information. This website loads no third-party trackers, analytics, fonts or advertising; the only outside service it contacts is the payment provider, and only when you choose to pay through it.",
    },
    {
      title: "How we protect it",
      text: "All traffic is encrypted, passwords are stored as one-way hashes, and access to the admin portal is restricted to authorised staff.",
    },
    {
      title: "Your choices",
      text: "You can ask us at any time what we hold about you, correct it, or ask us to delete it. Customers can delete their account from their account page once nothing is still owed either way (a confirmed or paid booking still to come, or a paid order not yet sent, is settled with us first); records we must keep by law (such as invoices) are anonymised.",
    },
    {
      title: "Contact",
      text: `Questions about privacy: ${[s.email, s.phone].filter(Boolean).join(" or ") || "use the contact form"}.`,
    },
  ];
  return {
    path: "/privacy",
    title: `Privacy Policy | ${s.businessName}`,
    description: "How we collect, use and protect your personal information, in line with the Australian Privacy Principles.",
    body: (
      <Layout site={site} active="/privacy">
        <Hero
          title="Privacy Policy"
          subtitle="Your privacy is the foundation of our work. This policy follows the Australian Privacy Principles (Privacy Act 1988)."
        />
        <Section>
          <div className="max-w-3xl space-y-6">
            {sections.map((x) => (
              <div key={x.title}>
                <h2 className="text-xl font-bold">{x.title}</h2>
                <p className="mt-1">{x.text}</p>
              </div>
            ))}
          </div>
        </Section>
      </Layout>
    ),
  };
}
