/**
 * The dashboard's revenue card shows each currency's total, never one sum across currencies
 * (decision 086): today's setting first, a kept currency with its code.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import type { AdminStats } from "../../shared/admin-stats";
import AdminDashboard, { adminStatsKey } from "./AdminDashboard";

const revenueCard = (stats: AdminStats, currency: string) => {
  // The other figures (to-do list, mail, replication) load after the page opens: nothing to fetch here.
  const client = new QueryClient({ defaultOptions: { queries: { queryFn: () => new Promise<never>(() => {}) } } });
  client.setQueryData(adminStatsKey, stats);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <AdminDashboard businessName="Adelaide Discreet Investigations" currency={currency} />
    </QueryClientProvider>,
  );
  const at = html.indexOf(">Total Revenue<");
  expect(at).toBeGreaterThan(-1);
  return html.slice(at, html.indexOf("</section>", at));
};

const stats = (revenue: AdminStats["revenue"]): AdminStats => ({
  totalProducts: 12,
  totalOrders: 3,
  pendingOrders: 0,
  totalRevenue: revenue[0]!.total,
  revenue,
  recentBookings: 1,
});

test("one currency: one figure", () => {
  const card = revenueCard(stats([{ currency: "USD", total: "1234.56" }]), "USD");
  expect(card).toContain(">$1,234.56<");
  expect(card).not.toContain("<li");
});

test("more than one currency: each total on its own line, the others with their code, none added together", () => {
  const card = revenueCard(
    stats([
      { currency: "EUR", total: "300.30" },
      { currency: "USD", total: "120.50" },
    ]),
    "EUR",
  );
  expect(card.match(/<li>/g)?.length).toBe(2);
  expect(card).toContain("<li>€300.30</li>");
  expect(card).toContain("<li>$120.50 USD</li>");
  expect(card).not.toContain("420.80");
});
