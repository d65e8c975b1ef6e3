/**
 * The admin's view of customers (behind requireAdmin):
 *
 *   GET  /api/admin/users?search=&page=     one page of users, newest first, with the total
 *   GET  /api/admin/users/{id}              one user (the page /admin/users/{id} opens)
 *   GET  /api/admin/users/{id}/bookings     the user's 3 most recent bookings
 *   GET  /api/admin/users/{id}/orders       the user's 5 most recent orders, with their items
 *   GET  /api/admin/users/{id}/record       their orders, bookings, enquiries, payments and the notes on
 *                                           them, each with its own record's key (decision 076)
 *   GET  /api/admin/users/customer-of/{orders|bookings|contacts}/{key}
 *                                           the account an order, a booking or an enquiry belongs to
 *   POST /api/admin/users/{id}/suspend      suspends and ends their sessions at once
 *   POST /api/admin/users/{id}/reinstate    lifts the suspension
 *
 * Customers' accounts are the owners' (decision 040): staff get 403 here, and no link to them.
 * Suspending and reinstating are actions (`suspendUserByAdmin`, `reinstateUserByAdmin`), audited.
 * 400 for a bad query, 404 for an unknown user, 409 for suspending a suspended user or reinstating
 * an active one (nothing changes).
 */
import { Hono } from "hono";
import { reinstateUserByAdmin } from "../../actions/reinstate-user.server";
import { suspendUserByAdmin } from "../../actions/suspend-user.server";
import { adminCustomerOf, adminCustomerRecord, adminUser, adminUserBookings, adminUserOrders, adminUsersPage } from "../../reads/admin-users.server";
import { adminRecordKey } from "../../shared/admin-records";
import type { AppDeps } from "../../server/deps";
import { notFound } from "../../server/errors";
import type { AdminEnv } from "../../server/middleware/require-admin";
import { validQuery } from "../../server/validate";
import { adminUsersList } from "../../shared/admin-users";

const unknownUser = () => notFound("There is no such user.");
const customerLists = ["orders", "bookings", "contacts"] as const;

export function adminUsersApi(deps: AppDeps) {
  return new Hono<AdminEnv>()
    .get("/users", validQuery(adminUsersList.schema), (c) => c.json(adminUsersPage(deps, c.req.valid("query"))))
    .get("/users/customer-of/:list/:key", (c) => {
      const list = customerLists.find((l) => l === c.req.param("list"));
      const key = list ? adminRecordKey(list, c.req.param("key")) : null;
      const answer = list && key ? adminCustomerOf(deps, list, key) : null;
      if (!answer) throw notFound("There is no such record.");
      return c.json(answer);
    })
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
    .get("/users/:id/record", (c) => {
      const record = adminCustomerRecord(deps, c.req.param("id"));
      if (!record) throw unknownUser();
      return c.json(record);
    })
    .post("/users/:id/suspend", (c) => c.json(suspendUserByAdmin(deps, c.get("admin"), c.req.param("id"))))
    .post("/users/:id/reinstate", (c) => c.json(reinstateUserByAdmin(deps, c.get("admin"), c.req.param("id"))));
}
