/**
 * Customer-only pages and their forms. A signed-out visitor gets, on GET, the signed-out page
 * (a notice, then on to sign-in and back: docs/product.md#toasts-and-notices) and, on any other method, a 303 to
 * sign-in. Handlers behind it are typed with `CustomerEnv`, so they read a user that is never null.
 */
import type { Context, MiddlewareHandler } from "hono";
import type { CurrentUser } from "../../components/site";
import { signedOutPage } from "../../pages/signed-out";
import type { AppDeps, AppEnv } from "../deps";
import { servePage } from "../render-page";

/** The app's variables, with a user that is certainly signed in. */
export type CustomerEnv = AppEnv & { Variables: { user: CurrentUser } };

/** Where sign-in should lead back to: the page itself by default, or per form route. */
type ReturnTo = string | ((c: Context<AppEnv>) => string | Promise<string>);

/** The signed-out page for `returnTo` (401, never cached). */
export function signedOutResponse<E extends AppEnv>(deps: AppDeps, c: Context<E>, returnTo: string) {
  return servePage(deps, c, (site) => signedOutPage(site, returnTo));
}

/** Lets only a signed-in customer through to the handlers after it. */
export function requireCustomer(deps: AppDeps, opts: { returnTo?: ReturnTo } = {}): MiddlewareHandler<CustomerEnv> {
  return async (c, next) => {
    if (c.get("user")) return next();
    const ctx = asAppContext(c);
    const given = opts.returnTo;
    const returnTo = typeof given === "function" ? await given(ctx) : (given ?? c.req.path);
    if (c.req.method === "GET" || c.req.method === "HEAD") return signedOutResponse(deps, ctx, returnTo);
    return c.redirect(`/api/login?returnTo=${encodeURIComponent(returnTo)}`, 303);
  };
}

/**
 * The same context seen as a plain app context, for helpers written for any visitor (ending a
 * session). Hono's Context is invariant in its Env, though a customer's context is an app context
 * whose user happens to be known.
 */
export function asAppContext(c: Context<CustomerEnv>): Context<AppEnv> {
  return c as unknown as Context<AppEnv>;
}
