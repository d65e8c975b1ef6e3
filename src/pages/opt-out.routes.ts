/** GET and POST of an opt-out page (`pages/opt-out.tsx`): the link's token checked, then one plain form post through its action. */
import { type Context, Hono } from "hono";
import type { AppDeps, AppEnv } from "../server/deps";
import { readForm } from "../server/form";
import { servePage } from "../server/render-page";
import type { SecretBox } from "../server/secret-box.server";
import { type OptOut, type OptOutPageState, optOutPage } from "./opt-out";

/** How an opt-out link is read and acted on: whether a token is one of ours, and the action that turns the e-mails off (false when it could not). */
export type OptOutHandling = { userOf: (secrets: SecretBox, token: string) => string | null; stop: (deps: AppDeps, token: string) => boolean };

export function optOutRoutes(deps: AppDeps, optOut: OptOut, handling: OptOutHandling) {
  const render = (c: Context<AppEnv>, state: OptOutPageState) => servePage(deps, c, (site) => optOutPage(site, optOut, state));
  return new Hono<AppEnv>()
    .get(optOut.path, (c) => {
      const token = c.req.query("token") ?? "";
      return render(c, handling.userOf(deps.secrets, token) ? { outcome: "ask", token } : { outcome: "invalid" });
    })
    .post(optOut.path, async (c) => {
      const form = await readForm(c, 1000);
      const token = typeof form.token === "string" ? form.token : "";
      // A customer whose account is gone gets none of these e-mails either: the answer is the same.
      return render(c, { outcome: handling.stop(deps, token) ? "done" : "invalid" });
    });
}
