/** /verify-email: the answer to an e-mail confirmation link, and to "send the link again". */
import { Layout } from "../components/Layout";
import { FormNotice } from "../components/PlainForm";
import type { SiteData } from "../components/site";
import type { PageDefinition } from "./page";

export type VerifyEmailOutcome = "verified" | "invalid" | "sent" | "already-verified" | "limited" | "signed-out";

const messages: Record<VerifyEmailOutcome, { tone: "success" | "error" | "info"; title: string; text: string; status: PageDefinition["status"] }> = {
  verified: { tone: "success", title: "Your e-mail address is confirmed", text: "Thank you. Your account is now fully set up.", status: 200 },
  invalid: {
    tone: "error",
    title: "This link has expired or was already used",
    text: "Sign in and use “Send the link again” on your dashboard to get a new one.",
    status: 400,
  },
  sent: { tone: "success", title: "Check your e-mail", text: "We have sent you a new confirmation link. It works within 48 hours.", status: 200 },
  "already-verified": { tone: "info", title: "Your e-mail address is already confirmed", text: "There is nothing more to do.", status: 200 },
  limited: {
    tone: "error",
    title: "Too many requests",
    text: "We have sent several links already. Please check your inbox (and spam folder), or try again in an hour.",
    status: 429,
  },
  "signed-out": { tone: "info", title: "Please sign in", text: "Sign in first, then ask for a new confirmation link from your dashboard.", status: 401 },
};

export function verifyEmailPage(site: SiteData, outcome: VerifyEmailOutcome): PageDefinition {
  const m = messages[outcome];
  return {
    path: "/verify-email",
    title: `Confirm your e-mail | ${site.settings.businessName}`,
    description: "Confirm the e-mail address of your account.",
    noindex: true,
    status: m.status,
    body: (
      <Layout site={site} active="">
        <div className="mx-auto max-w-md px-4 py-12">
          <h1 className="mb-6 text-3xl font-bold">Confirm your e-mail</h1>
          <FormNotice tone={m.tone} title={m.title}>
            {m.text}
          </FormNotice>
          <p className="mt-6 text-sm">
            <a href={site.user ? "/dashboard" : "/login"} className="link">
              {site.user ? "Go to your dashboard" : "Sign in"}
            </a>
          </p>
        </div>
      </Layout>
    ),
  };
}
