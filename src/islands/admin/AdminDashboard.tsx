/**
 * The portal's home, a to-do list first: the "Before you go live" checklist while anything is
 * missing, then each to-do group with its count and oldest items linking to their records (one
 * request, GET /api/admin/todo), then the stat cards from GET /api/admin/stats (staff get no
 * revenue and no order total: the server leaves them out of a staff member's answer), a banner while
 * any e-mail has failed (GET /api/admin/mail/summary), the quick actions, and Logout (which revokes
 * the token on the server). Without a token, the first request's 401 sends the browser to
 * /admin/login (client/admin-api.ts).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { adminLoginPath, adminRequest } from "../../client/admin-api";
import type { AdminMailSummary } from "../../shared/admin-mail";
import type { DashboardStats } from "../../shared/admin-stats";
import type { AdminTodo } from "../../shared/admin-todo";
import { GoLiveChecklist } from "./dashboard/GoLiveChecklist";
import { ReplicationPanel } from "./dashboard/ReplicationPanel";
import { TodoGroups } from "./dashboard/TodoGroups";
import { formatKeptMoney } from "../../domain/format";
import { useCurrency, withCurrency } from "./parts/money";

/** `ownerView` false for staff: no question about what only owners may open (the failed-mail banner, the go-live checklist whose links lead to owners-only settings). */
export type AdminDashboardProps = { businessName: string; ownerView?: boolean };

export const adminStatsKey = ["/api/admin/stats"] as const;
const mailSummaryKey = ["/api/admin/mail/summary"] as const;
export const adminTodoKey = ["/api/admin/todo"] as const;

/** The quick actions; every room of the portal is in the menu above (AdminLayout). */
const quickActions = [
  { label: "Add Product", href: "/admin/products/new" },
  { label: "View Orders", href: "/admin/orders" },
  { label: "Manage Products", href: "/admin/products" },
  { label: "Bookings", href: "/admin/bookings" },
] as const;

function PortalLink({ label, href, primary }: { label: string; href: string; primary?: boolean }) {
  return (
    <a href={href} className={`btn ${primary ? "btn-primary" : "btn-outline"}`}>
      {label}
    </a>
  );
}

/** Shown while any e-mail has failed to go out, so the owner notices before a customer does. */
function FailedMailBanner({ failed }: { failed: number }) {
  if (failed === 0) return null;
  return (
    <div role="alert" className="alert alert-warning flex flex-wrap">
      <p>{`${failed} ${failed === 1 ? "e-mail has" : "e-mails have"} failed to send.`}</p>
      <a href="/admin/mail?status=failed" className="link font-semibold">
        Review the mail outbox
      </a>
    </div>
  );
}

/** A figure, or several (one per currency: amounts are never added across currencies, decision 086). */
function StatCard({ title, value, note }: { title: string; value: string | readonly string[] | undefined; note?: string }) {
  return (
    <section className="card border border-base-300 bg-base-100">
      <div className="card-body gap-1 p-5">
        <h2 className="text-sm font-semibold text-base-content/80">{title}</h2>
        {value === undefined ? (
          <div className="skeleton h-8 w-24" aria-hidden="true" />
        ) : typeof value === "string" || value.length === 1 ? (
          <p className="text-3xl font-bold">{typeof value === "string" ? value : value[0]}</p>
        ) : (
          <ul className="text-2xl font-bold break-words">
            {value.map((v) => (
              <li key={v}>{v}</li>
            ))}
          </ul>
        )}
        {note && <p className="text-sm text-base-content/80">{note}</p>}
      </div>
    </section>
  );
}

function AdminDashboardBody({ businessName, ownerView = true }: AdminDashboardProps) {
  const currency = useCurrency();
  const stats = useQuery<DashboardStats>({ queryKey: adminStatsKey });
  // The outbox is an owner's room (decision 040): staff are not asked about failed mail.
  const mail = useQuery<AdminMailSummary>({ queryKey: mailSummaryKey, enabled: ownerView });
  const todo = useQuery<AdminTodo>({ queryKey: adminTodoKey });
  const logout = useMutation({
    mutationFn: () => adminRequest("POST", "/api/admin/logout"),
    onSettled: () => {
      location.assign(adminLoginPath);
    },
  });
  const s = stats.data;
  // The business's money is an owner's (decision 072): staff have neither card, not even empty.
  const ownerStats = s && "totalRevenue" in s ? s : undefined;

  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Admin Dashboard</h1>
          <p className="text-base-content/80">{`Running ${businessName}.`}</p>
        </div>
        <button type="button" className="btn btn-outline btn-sm" disabled={logout.isPending} onClick={() => logout.mutate()}>
          {logout.isPending ? "Logging out..." : "Logout"}
        </button>
      </div>

      <FailedMailBanner failed={mail.data?.failed ?? 0} />
      {ownerView && todo.data && <GoLiveChecklist items={todo.data.checklist} setAside={todo.data.setAside} />}
      <TodoGroups todo={todo} ownerView={ownerView} />
      {ownerView && <ReplicationPanel />}
      {stats.isError && (
        <div role="alert" className="alert alert-error">
          <p>The figures could not be loaded. Please reload the page.</p>
        </div>
      )}
      <div className={`grid gap-4 sm:grid-cols-2 ${ownerView ? "lg:grid-cols-4" : "lg:grid-cols-3"}`} aria-busy={stats.isPending} data-testid="admin-stats">
        <StatCard title="Total Products" value={s && String(s.totalProducts)} />
        {ownerView ? (
          <>
            <StatCard title="Total Orders" value={s && String(ownerStats?.totalOrders ?? "")} note={s && `${s.pendingOrders} pending`} />
            <StatCard title="Total Revenue" value={s && (ownerStats ? ownerStats.revenue.map((r) => formatKeptMoney(r.total, r.currency, currency)) : "")} />
          </>
        ) : (
          <StatCard title="Pending Orders" value={s && String(s.pendingOrders)} />
        )}
        <StatCard title="Service Bookings" value={s && String(s.recentBookings)} note="this month" />
      </div>

      <section aria-labelledby="quick-actions" className="space-y-3">
        <h2 id="quick-actions" className="text-lg font-semibold">
          Quick actions
        </h2>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {quickActions.map((a, i) => (
            <PortalLink key={a.href} {...a} primary={i === 0} />
          ))}
        </div>
      </section>
    </div>
  );
}

/** The island's root: the currency setting for every amount its parts show. */
export default withCurrency(AdminDashboardBody);
