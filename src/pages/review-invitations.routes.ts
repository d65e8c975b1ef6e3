/** GET and POST /unsubscribe/review-invitations?token= (the link in a review invitation): no sign-in needed. */
import { type Context, Hono } from "hono";
import { unsubscribeReviewInvitations } from "../actions/unsubscribe-review-invitations.server";
import type { AppDeps, AppEnv } from "../server/deps";
import { readForm } from "../server/form";
import { servePage } from "../server/render-page";
import { reviewInvitesUnsubscribePath, userOfReviewInvitesToken } from "../server/review-invitations.server";
import { type ReviewInvitesPageState, reviewInvitesUnsubscribePage } from "./review-invitations";

function render(deps: AppDeps, c: Context<AppEnv>, state: ReviewInvitesPageState) {
  return servePage(deps, c, (site) => reviewInvitesUnsubscribePage(site, state));
}

export function reviewInvitationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(reviewInvitesUnsubscribePath, (c) => {
      const token = c.req.query("token") ?? "";
      return render(deps, c, userOfReviewInvitesToken(deps.secrets, token) ? { outcome: "ask", token } : { outcome: "invalid" });
    })
    .post(reviewInvitesUnsubscribePath, async (c) => {
      const form = await readForm(c, 1000);
      const token = typeof form.token === "string" ? form.token : "";
      // A customer whose account is gone gets no invitations either: the answer is the same.
      return render(deps, c, { outcome: unsubscribeReviewInvitations(deps, token) ? "done" : "invalid" });
    });
}
