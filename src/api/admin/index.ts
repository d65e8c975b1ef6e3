/**
 * The admin API, mounted at /api/admin. Login is the one route in front of `requireAdmin`; every
 * sub-app mounted after it is behind the token, so no route can forget the check
 * (`admin-routes.test.ts` proves it for every route the app registers under /api/admin).
 */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../server/deps";
import { type AdminEnv, requireAdmin } from "../../server/middleware/require-admin";
import { adminAdminsApi } from "./admins";
import { adminAnalyticsApi } from "./analytics";
import { adminAuditApi } from "./audit";
import { adminLoginApi, adminSessionApi } from "./auth";
import { adminMailApi } from "./mail";
import { adminNotesApi } from "./notes";
import { adminCasesApi } from "./cases";
import { adminCaseFilesApi } from "./case-files";
import { adminCaseUploadsApi } from "../case-uploads";
import { adminBookingsApi } from "./bookings";
import { adminCategoriesApi } from "./categories";
import { adminContactsApi } from "./contacts";
import { adminPaymentsApi } from "./payments";
import { adminRefundsApi } from "./refunds";
import { adminOrdersApi } from "./orders";
import { adminContentApi } from "./content";
import { adminPricingApi } from "./pricing";
import { adminProductsApi } from "./products";
import { adminReferralsApi } from "./referrals";
import { adminReplicationApi } from "./replication";
import { adminReviewsApi } from "./reviews";
import { adminStatsApi } from "./stats";
import { adminTodoApi } from "./todo";
import { adminGoLiveApi } from "./go-live";
import { adminTotpApi } from "./totp";
import { adminUsersApi } from "./users";
import { adminUploadsApi } from "./uploads";
import { adminSettingsApi } from "./settings";
import { adminInvoicesApi } from "./invoices";

export function adminApi(deps: AppDeps) {
  const api = new Hono<AppEnv>();
  api.route("/", adminLoginApi(deps));
  const guarded = new Hono<AdminEnv>();
  guarded.use(requireAdmin(deps));
  guarded.route("/", adminSessionApi(deps));
  guarded.route("/", adminStatsApi(deps));
  guarded.route("/", adminTodoApi(deps));
  guarded.route("/", adminGoLiveApi(deps));
  guarded.route("/", adminContentApi(deps));
  guarded.route("/", adminPricingApi(deps));
  guarded.route("/", adminProductsApi(deps));
  guarded.route("/", adminTotpApi(deps));
  guarded.route("/", adminUsersApi(deps));
  guarded.route("/", adminOrdersApi(deps));
  guarded.route("/", adminSettingsApi(deps));
  guarded.route("/", adminAuditApi(deps));
  guarded.route("/", adminMailApi(deps));
  guarded.route("/", adminCategoriesApi(deps));
  guarded.route("/", adminAdminsApi(deps));
  guarded.route("/", adminAnalyticsApi(deps));
  guarded.route("/", adminInvoicesApi(deps));
  guarded.route("/", adminReferralsApi(deps));
  guarded.route("/", adminContactsApi(deps));
  guarded.route("/", adminReviewsApi(deps));
  guarded.route("/", adminPaymentsApi(deps));
  guarded.route("/", adminRefundsApi(deps));
  guarded.route("/", adminBookingsApi(deps));
  guarded.route("/", adminUploadsApi(deps));
  guarded.route("/", adminNotesApi(deps));
  guarded.route("/", adminCasesApi(deps));
  guarded.route("/", adminCaseFilesApi(deps));
  guarded.route("/cases/:ref/uploads", adminCaseUploadsApi(deps));
  guarded.route("/", adminReplicationApi(deps));
  // Behind the guard the context also carries the admin; mounting needs the outer app's type.
  api.route("/", guarded as unknown as Hono<AppEnv>);
  return api;
}
