/** About (/about): intro, story, process, credentials, testimonials, legal compliance notice. */
import { FeatureCard, Hero, Section } from "../components/blocks";
import type { IconName } from "../components/icons";
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import type { PageDefinition } from "./page";

const credentialIcons: IconName[] = ["award", "shield", "users"];

export function aboutPage(site: SiteData): PageDefinition {
  const c = site.content;
  return {
    path: "/about",
    title: `About Us | ${site.settings.businessName}`,
    description: "Who we are: Adelaide investigators with law-enforcement backgrounds, a four-step process and strict legal compliance.",
    body: (
      <Layout site={site} active="/about">
        <Hero title={c["about.intro"].title} subtitle={c["about.intro"].text} />

        <Section id="story" title={c["about.story"].title}>
          <div className="max-w-3xl space-y-4">
            {c["about.story"].paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </Section>

        <Section id="process" title={c["about.process"].title}>
          <ol className="grid gap-4 md:grid-cols-2 lg:grid-cols-4">
            {c["about.process"].steps.map((s, i) => (
              <li key={s.title} className="card border border-base-300 bg-base-100">
                <div className="card-body">
                  <span className="badge badge-primary" aria-hidden="true">
                    {i + 1}
                  </span>
                  <h3 className="card-title text-lg">{s.title}</h3>
                  <p className="text-base-content/80">{s.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </Section>

        <Section id="credentials" title={c["about.credentials"].title}>
          <div className="grid gap-4 md:grid-cols-3">
            {c["about.credentials"].items.map((item, i) => (
              <FeatureCard key={item.title} icon={credentialIcons[i] ?? "check"} title={item.title} text={item.text} />
            ))}
          </div>
        </Section>

        <Section id="testimonials" title={c["about.testimonials"].title}>
          <div className="grid gap-4 md:grid-cols-3">
            {c["about.testimonials"].items.map((t) => (
              <figure key={t.client} className="card card-body border border-base-300 bg-base-100">
                <blockquote className="italic">“{t.quote}”</blockquote>
                <figcaption className="mt-2 flex items-center gap-3">
                  <span className="avatar avatar-placeholder">
                    <span className="flex size-10 items-center justify-center rounded-full bg-neutral text-neutral-content">
                      <span className="text-sm">{t.initials}</span>
                    </span>
                  </span>
                  <span className="font-semibold">{t.client}</span>
                </figcaption>
              </figure>
            ))}
          </div>
        </Section>

        <Section id="legal">
          <div role="note" className="alert alert-warning items-start">
            <div>
              <h2 id="legal-title" className="font-bold">
                {c["about.legal"].title}
              </h2>
              <p className="mt-1">{c["about.legal"].text}</p>
            </div>
          </div>
        </Section>
      </Layout>
    ),
  };
}
