/**
 * The admin's view of customers (behind requireAdmin):
 *
 *   GET  /api/admin/users?search=&page=     one page of users, newest first, with the total
 *   GET  /api/admin/users/{id}              one user (the page /admin/users/{id} opens)
 *   GET  /api/admin/users/{id}/bookings     the user's 3 most recent bookings
 *   GET  /api/admin/users/{id}/orders       the user's 5 most recent orders, with their items
 *   POST /api/admin/users/{id}/suspend      suspends and ends their sessions at once
 *   POST /api/admin/users/{id}/reinstate    lifts the suspension
 *
 * Suspending and reinstating are actions (`suspendUserByAdmin`, `reinstateUserByAdmin`), audited.
 * 400 for a bad query, 404 for an unknown user, 409 for suspending a suspended user or reinstating
 * an active one (nothing changes).
 */
import { Hono } from "hono";
import { reinstateUserByAdmin } from "../../actions/reinstate-user.server";
import { suspendUserByAdmin } from "../../actions/suspend-user.server";
import { adminUser, adminUserBookings, adminUserOrders, adminUsersPage } from "../../reads/admin-users.server";
import type { AppDeps } from "../../server/deps";
import { notFound } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validQuery } from "../../server/validate";
import { adminUsersList } from "../../shared/admin-users";

const unknownUser = () => notFound("There is no such user.");

export function adminUsersApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/users", validQuery(adminUsersList.schema), (c) => c.json(adminUsersPage(deps, c.req.valid("query"))))
    .get("/users/:id", (c) => {
      const user = adminUser(deps, c.req.param("id"));
      if (!user) throw unknownUser();
      return c.json(user);
    })
    .get("/users/:id/bookings", (c) => {
      const list = adminUserBookings(deps, c.req.param("id"));
      if (!list) throw unknownUser();
      return c.json(list);
    })
    .get("/users/:id/orders", (c) => {
      const list = adminUserOrders(deps, c.req.param("id"));
      if (!list) throw unknownUser();
      return c.json(list);
    })
    .post("/users/:id/suspend", (c) => c.json(suspendUserByAdmin(deps, c.get("admin"), c.req.param("id"))))
    .post("/users/:id/reinstate", (c) => c.json(reinstateUserByAdmin(deps, c.get("admin"), c.req.param("id"))));
}
