/**
 * The page of a back-in-stock e-mail's unsubscribe link (/wishlist/unsubscribe?token=): it works
 * without signing in, and only its buttons change anything, so a mail scanner opening the link
 * stops nothing.
 */
import { Layout } from "../components/Layout";
import type { SiteData } from "../components/site";
import type { BackInStockPreferences } from "../reads/wishlist.server";
import type { PageDefinition } from "./page";

export type UnsubscribeState = { token: string; preferences: BackInStockPreferences; stopped?: "item" | "all" };

function StopButton({ token, scope, children }: { token: string; scope: "item" | "all"; children: string }) {
  return (
    <form method="post" action="/wishlist/unsubscribe">
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="scope" value={scope} />
      <button type="submit" className={`btn ${scope === "item" ? "btn-primary" : "btn-outline"} w-full sm:w-auto`}>
        {children}
      </button>
    </form>
  );
}

/** `state` null: the link is not one of ours, or its account is gone. */
export function backInStockUnsubscribePage(site: SiteData, state: UnsubscribeState | null): PageDefinition {
  const p = state?.preferences;
  const product = p?.productName ?? "this product";
  let message: string;
  if (!state || !p) message = "This link is not valid. Please use the link in the latest e-mail, or sign in and open your wishlist.";
  else if (state.stopped === "all" || !p.all) message = "You will get no more back-in-stock e-mails from us.";
  else if (state.stopped === "item" || !p.item) message = `You will get no more back-in-stock e-mails about ${product}.`;
  else message = `Stop e-mails telling you that ${product} is back in stock?`;
  return {
    path: "/wishlist/unsubscribe",
    title: `Back-in-stock e-mails | ${site.settings.businessName}`,
    description: "Stop e-mails about products on your wishlist coming back into stock.",
    noindex: true,
    status: state ? 200 : 400,
    body: (
      <Layout site={site} active="/wishlist">
        <div className="mx-auto max-w-xl px-4 py-16">
          <h1 className="text-3xl font-bold">Back-in-stock e-mails</h1>
          <p role={state?.stopped ? "status" : undefined} className="mt-4 text-lg">
            {message}
          </p>
          {state && p?.all && (
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              {p.item && (
                <StopButton token={state.token} scope="item">
                  {`Stop e-mails about ${product}`}
                </StopButton>
              )}
              <StopButton token={state.token} scope="all">
                Stop all back-in-stock e-mails
              </StopButton>
            </div>
          )}
          <p className="mt-8 text-sm text-base-content/80">
            Changed your mind? Sign in and open{" "}
            <a href="/wishlist" className="link">
              your wishlist
            </a>{" "}
            to turn them on again.
          </p>
        </div>
      </Layout>
    ),
  };
}
