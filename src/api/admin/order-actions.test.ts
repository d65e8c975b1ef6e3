/**
 * The actions the portal offers on an order and the server's guard come from one transition table
 * (`domain/order.ts`): for every status and payment status an order can be in, each action the
 * order's page offers is accepted, and each it does not offer is refused with a 409 that changes
 * nothing.
 */
import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { orderEvents, orders } from "../../db/schema";
import { type OrderStatus, orderStatuses } from "../../domain/order";
import { type AdminOrderAction, type AdminOrderDetail, adminOrderActionPaths, adminOrderActions } from "../../shared/admin-orders";
import { orderInState, placedOrders } from "../../../tests/factories";
import { countRows, errorOf } from "../../../tests/helpers/test-app";
import { adminAppPerTest } from "../../../tests/helpers/per-test";

const { t, admin } = adminAppPerTest();

const paymentStatuses = ["pending", "paid", "refunded"] as const;
const bodies: Partial<Record<AdminOrderAction, object>> = { ship: { trackingNumber: "TRACK-123456", carrier: "sendle" }, verify: { document: "passport" } };

describe("the order actions offered and the server's guard", () => {
  test("agree for every status and payment status", async () => {
    const [order] = placedOrders(t.db, "states@example.com");
    if (!order) throw new Error("no order");
    const row = () => t.db.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, order.orderId)).get();
    const disagreements: string[] = [];
    let offeredSomewhere = 0;
    for (const status of orderStatuses as readonly OrderStatus[]) {
      for (const paymentStatus of paymentStatuses) {
        orderInState(t.db, order.orderNumber, status, paymentStatus);
        const detail = await admin.read<AdminOrderDetail>(`/api/admin/orders/${order.orderNumber}`);
        offeredSomewhere += detail.actions.length;
        for (const action of adminOrderActions) {
          orderInState(t.db, order.orderNumber, status, paymentStatus);
          const events = countRows(t, "order_events");
          const res = await admin.json(`/api/admin/orders/${order.orderNumber}/${adminOrderActionPaths[action]}`, bodies[action] ?? {});
          const offered = detail.actions.includes(action);
          if (res.status !== (offered ? 200 : 409)) disagreements.push(`${status}/${paymentStatus} ${action}: offered ${offered}, answered ${res.status}`);
          if (!offered) {
            expect((await errorOf(res)).code).toBe("not_allowed");
            // Refused: the order and its history are as they were.
            expect(row()).toEqual({ status, paymentStatus });
            expect(countRows(t, "order_events")).toBe(events);
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
    // Every action is offered somewhere, so the loop above tried each of them accepted as well as refused.
    expect(offeredSomewhere).toBeGreaterThanOrEqual(adminOrderActions.length);
    expect(t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.orderId)).all().length).toBeGreaterThan(1);
  });
});
