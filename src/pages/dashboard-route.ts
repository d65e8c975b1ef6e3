/** GET /dashboard: the signed-in customer's dashboard, or the signed-out notice and redirect. */
import type { Context } from "hono";
import { dashboardData } from "../db/dashboard.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { servePage } from "../server/render-page";
import { dashboardPage, signedOutPage } from "./dashboard";

export function showDashboard(deps: AppDeps, c: Context<AppEnv>) {
  const user = c.get("user");
  if (!user) return servePage(deps, c, (site) => signedOutPage(site, "/dashboard"), { cache: false });
  const notice = c.req.query("passwordReset") === "1" ? "Your new password is saved, and every other device was signed out." : undefined;
  const data = dashboardData(deps.db, user.id);
  return servePage(deps, c, (site) => dashboardPage(site, data, notice), { cache: false });
}
