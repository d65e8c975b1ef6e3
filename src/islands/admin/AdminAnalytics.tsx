/**
 * /admin/analytics: the business's figures from GET /api/admin/analytics for the last 30 days,
 * 90 days or 12 months (the range lives in the page's URL): visits per day, bookings and revenue
 * per week (per month over 12 months), money received by payment method, and the top services and
 * products. Each chart has its figures in a table under it, and the whole set downloads as CSV.
 * Money is shown per currency: after a change of the currency setting, older bookings, orders and
 * payments keep theirs, so each currency gets its own total and charts, never one sum of both.
 * Definitions: docs/product.md#analytics.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type MouseEvent, useEffect, useState } from "react";
import { formatDate, formatKeptMoney } from "../../domain/format";
import {
  type AdminAnalytics as Figures,
  type AnalyticsRange,
  type AnalyticsRevenue,
  analyticsRangeLabels,
  analyticsRanges,
  paymentMethodLabel,
} from "../../shared/admin-analytics";
import { FigureCard, FigureTable } from "./analytics/FigureCard";
import { PageHeader } from "./parts/PageHeader";
import { ExportCsvButton } from "./parts/ExportCsvButton";
import { countedVisitsLabel, countedVisitsNote, visitsPerDayLabel } from "../../shared/visit-labels";
import { useCurrency, withCurrency } from "./parts/money";

export type AdminAnalyticsProps = { initialRange: AnalyticsRange };

const count = new Intl.NumberFormat("en-AU");

function periodLabel(period: Figures["period"], start: string): string {
  return period === "month" ? formatDate(start, "month") : `Week of ${formatDate(start, "dayMonth")}`;
}

const pagePath = "/admin/analytics";
const apiPath = "/api/admin/analytics";

function AdminAnalyticsBody({ initialRange }: AdminAnalyticsProps) {
  const currency = useCurrency();
  // An amount in its own currency, with the code when that is not today's setting ("$1,200 USD").
  const money = (amount: string, inCurrency: string) => formatKeptMoney(amount, inCurrency, currency);
  const [range, setRange] = useState(initialRange);
  const figures = useQuery<Figures>({ queryKey: [`${apiPath}?range=${range}`], placeholderData: keepPreviousData });
  const data = figures.data;

  useEffect(() => {
    history.replaceState(history.state, "", `${pagePath}?range=${range}`);
  }, [range]);

  const choose = (e: MouseEvent<HTMLAnchorElement>, next: AnalyticsRange) => {
    e.preventDefault();
    setRange(next);
  };

  const per = data?.period === "month" ? "month" : "week";
  const periodRows = (data?.periods ?? []).map((p) => ({ label: periodLabel(per, p.start), ...p }));
  // With more than one currency, each money chart is per currency and says which in its title.
  const several = (data?.revenue.length ?? 0) > 1;
  const titled = (title: string, r: AnalyticsRevenue) => (several ? `${title} (${r.currency})` : title);
  const amounts = (list: { currency: string; amount: string }[]) => list.map((c) => money(c.amount, c.currency)).join(", ");

  return (
    <div className="space-y-6">
      <PageHeader title="Analytics" />

      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label="Range" className="flex flex-wrap gap-2">
          {analyticsRanges.map((r) => (
            <a
              key={r}
              href={`${pagePath}?range=${r}`}
              aria-current={r === range ? "page" : undefined}
              className={`btn btn-sm ${r === range ? "btn-primary" : "btn-outline"}`}
              onClick={(e) => choose(e, r)}
            >
              {analyticsRangeLabels[r]}
            </a>
          ))}
        </nav>
        <ExportCsvButton url={`${apiPath}.csv?range=${range}`} fileName="analytics.csv" className="btn btn-sm btn-outline" />
      </div>

      {figures.isError && (
        <div role="alert" className="alert alert-error">
          <p>The figures could not be loaded. Please reload the page.</p>
        </div>
      )}
      <p role="status" className="text-sm text-base-content/80" data-testid="analytics-status">
        {data
          ? `${analyticsRangeLabels[data.range]}: ${formatDate(data.from, "full")} to ${formatDate(data.to, "full")} (${data.timeZone})${figures.isFetching ? ", updating…" : ""}`
          : figures.isError
            ? ""
            : "Loading the figures…"}
      </p>

      {data && (
        <div className="space-y-6" aria-busy={figures.isFetching} data-range={data.range} data-testid="analytics-figures">
          <dl className="stats stats-vertical w-full border border-base-300 bg-base-100 sm:stats-horizontal">
            <div className="stat">
              <dt className="stat-title">{countedVisitsLabel}</dt>
              <dd className="stat-value text-2xl">{count.format(data.totals.visits)}</dd>
              <dd className="stat-desc whitespace-normal">{countedVisitsNote}</dd>
            </div>
            <div className="stat">
              <dt className="stat-title">Bookings</dt>
              <dd className="stat-value text-2xl">{count.format(data.totals.bookings)}</dd>
            </div>
            <div className="stat">
              <dt className="stat-title">Revenue</dt>
              {data.revenue.map((r) => (
                <dd key={r.currency} className="stat-value text-2xl" data-testid="revenue-total">
                  {money(r.total, r.currency)}
                </dd>
              ))}
              {several && <dd className="stat-desc whitespace-normal">One total per currency: amounts in different currencies are not added.</dd>}
            </div>
          </dl>

          <div className="grid gap-6 lg:grid-cols-2">
            <FigureCard
              testId="chart-visitors"
              title={visitsPerDayLabel}
              description="Home page visits this site recorded each day."
              chartLabel={`Line chart of visits per day, ${data.totals.visits} in all; the figures are in the table below.`}
              spec={{
                type: "line",
                labels: data.visitors.map((v) => formatDate(v.day, "short")),
                values: data.visitors.map((v) => v.visits),
                seriesLabel: "Visits",
                colour: "primary",
              }}
              columns={[{ header: "Day" }, { header: "Visits", numeric: true }]}
              rows={data.visitors.map((v) => [formatDate(v.day, "short"), count.format(v.visits)])}
            />
            <FigureCard
              testId="chart-bookings"
              title={`Bookings per ${per}`}
              description={`Bookings made each ${per}, cancelled ones left out.`}
              chartLabel={`Bar chart of bookings per ${per}, ${data.totals.bookings} in all; the figures are in the table below.`}
              spec={{
                type: "bar",
                labels: periodRows.map((p) => p.label),
                values: periodRows.map((p) => p.bookings),
                seriesLabel: "Bookings",
                colour: "secondary",
              }}
              columns={[{ header: per === "month" ? "Month" : "Week" }, { header: "Bookings", numeric: true }]}
              rows={periodRows.map((p) => [p.label, count.format(p.bookings)])}
            />
            {data.revenue.map((r) => (
              <FigureCard
                key={`revenue-${r.currency}`}
                testId={several ? `chart-revenue-${r.currency}` : "chart-revenue"}
                title={titled(`Revenue per ${per}`, r)}
                description={`Money received each ${per} for shop orders and services${several ? ` in ${r.currency}` : ""}, less refunds, by the day it arrived.`}
                chartLabel={`Bar chart of revenue per ${per}, ${money(r.total, r.currency)} in all; the figures are in the table below.`}
                spec={{
                  type: "bar",
                  labels: periodRows.map((p) => p.label),
                  values: r.periods.map((amount) => Number(amount)),
                  seriesLabel: "Revenue",
                  colour: "accent",
                  money: r.currency,
                }}
                columns={[{ header: per === "month" ? "Month" : "Week" }, { header: "Revenue", numeric: true }]}
                rows={periodRows.map((p, i) => [p.label, money(r.periods[i] ?? "0.00", r.currency)])}
              />
            ))}
            {data.revenue.map((r) => (
              <FigureCard
                key={`methods-${r.currency}`}
                testId={several ? `chart-methods-${r.currency}` : "chart-methods"}
                title={titled("Payments by method", r)}
                description="The same money by how it was paid: the number of payments and their amount."
                chartLabel="Bar chart of the amount received by payment method; the figures are in the table below."
                spec={{
                  type: "bar",
                  labels: r.paymentMethods.map((m) => paymentMethodLabel(m.method)),
                  values: r.paymentMethods.map((m) => Number(m.amount)),
                  seriesLabel: "Received",
                  colour: "info",
                  money: r.currency,
                  horizontal: true,
                }}
                columns={[{ header: "Method" }, { header: "Payments", numeric: true }, { header: "Amount", numeric: true }]}
                rows={r.paymentMethods.map((m) => [paymentMethodLabel(m.method), count.format(m.count), money(m.amount, r.currency)])}
                emptyText="No money received in this range."
              />
            ))}
          </div>

          <div className="grid gap-6 lg:grid-cols-2">
            <TopList
              testId="top-services"
              title="Top services"
              description="The five services booked most often (cancelled bookings left out), with the value of those bookings."
              columns={["Service", "Bookings", "Value booked"]}
              rows={data.topServices.map((s) => [
                s.name,
                count.format(s.bookings),
                amounts(s.byCurrency.map((c) => ({ currency: c.currency, amount: c.value }))),
              ])}
              emptyText="No bookings in this range."
            />
            <TopList
              testId="top-products"
              title="Top products"
              description="The five products sold in the most units in paid orders that were not refunded."
              columns={["Product", "Units", "Revenue"]}
              rows={data.topProducts.map((p) => [
                p.name,
                count.format(p.units),
                amounts(p.byCurrency.map((c) => ({ currency: c.currency, amount: c.revenue }))),
              ])}
              emptyText="No products sold in this range."
            />
            <TopList
              testId="most-wished"
              title="Most wished-for products"
              description="The ten products on the most customers' wishlists now, whatever the range."
              columns={["Product", "Wishlists"]}
              rows={data.mostWished.map((p) => [p.name, count.format(p.wishes)])}
              emptyText="No product is on a wishlist yet."
            />
          </div>
        </div>
      )}
    </div>
  );
}

function TopList({
  testId,
  title,
  description,
  columns,
  rows,
  emptyText,
}: {
  testId: string;
  title: string;
  description: string;
  columns: string[];
  rows: string[][];
  emptyText: string;
}) {
  return (
    <section aria-label={title} className="card min-w-0 border border-base-300 bg-base-100" data-testid={testId}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 className="card-title text-lg">{title}</h2>
        <p className="text-sm text-base-content/80">{description}</p>
        {rows.length === 0 ? (
          <p className="py-6 text-center">{emptyText}</p>
        ) : (
          <section
            className="overflow-x-auto"
            aria-label={`${title}, scrolls sideways`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: wider than a phone it scrolls sideways, so the keyboard must reach it (WCAG 2.1.1)
            tabIndex={0}
          >
            <FigureTable caption={title} columns={columns.map((header, i) => ({ header, numeric: i > 0 }))} rows={rows} />
          </section>
        )}
      </div>
    </section>
  );
}

/** The island's root: the currency setting, the one amounts are shown without their code in. */
export default withCurrency(AdminAnalyticsBody);
