/**
 * /admin/orders: the shop's orders from GET /api/admin/orders, newest first, filtered by status and
 * payment status, searched by order number, customer name or e-mail (as the owner types, or at once
 * on Enter), a page of 20 at a time. Each order opens its dialog with its details and the actions
 * allowed now. The filters live in the page's URL, so a reload or a sign-in round trip keeps them.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { orderPaymentStatuses, orderStatuses } from "../../domain/order";
import { type AdminOrderList, type AdminOrdersQuery, adminOrdersList } from "../../shared/admin-orders";
import { orderStatusLabels, paymentStatusLabels } from "../../shared/orders";
import { OrderDialog } from "./orders/OrderDialog";
import { OrdersList, type OpenOrder } from "./orders/OrdersList";
import { ExportCsvButton } from "./parts/ExportCsvButton";
import { PagedList } from "./parts/PagedList";
import { FilterForm, FilterSelect, SearchBox } from "./parts/ListFilters";
import { RecordGate } from "./parts/RecordGate";
import { useRecordDialog } from "./parts/use-record-address";
import { useListSearch, useUrlList } from "./parts/use-url-list";
import { PageHeader } from "./parts/PageHeader";
import { withCurrency } from "./parts/money";

/** `openRecord`: the order number of /admin/orders/{orderNumber}, whose dialog opens at once. */
export type AdminOrdersProps = { initialQuery: AdminOrdersQuery; timeZone: string; openRecord?: string | null };

const listPath = adminOrdersList.apiPath;
/** The dashboard's figures count orders and revenue: a change here makes them stale. */
const statsKey = ["/api/admin/stats"] as const;

type Open = { orderNumber: string; trigger?: HTMLElement };

function AdminOrdersBody({ initialQuery, timeZone, openRecord = null }: AdminOrdersProps) {
  const queryClient = useQueryClient();
  const orders = useUrlList<AdminOrdersQuery, AdminOrderList>(adminOrdersList, initialQuery);
  const { query, setQuery, bindFilter, data } = orders;
  const search = useListSearch(adminOrdersList.filters.search, initialQuery.search, setQuery);
  const heading = useRef<HTMLHeadingElement>(null);
  const { open, openFromList, closeRecord } = useRecordDialog<Open>("orders", openRecord, heading, (orderNumber) => ({ orderNumber }));

  const changed = () => {
    void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith(`${listPath}?`) });
    void queryClient.invalidateQueries({ queryKey: [listPath] });
    void queryClient.invalidateQueries({ queryKey: statsKey });
  };

  const openOrder: OpenOrder = (orderNumber, trigger) => openFromList(orderNumber, { orderNumber, trigger });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Orders"
        headingRef={heading}
        actions={<ExportCsvButton url={`${listPath}.csv${adminOrdersList.search({ ...query, page: 1 })}`} fileName="orders.csv" />}
      />

      <FilterForm label="Orders" onSubmit={search.onSearch} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]">
        <SearchBox label="Search by order number, customer name or e-mail" className="sm:col-span-2 lg:col-span-1" search={search} />
        <FilterSelect label="Status" anyLabel="Any status" options={orderStatuses} labels={orderStatusLabels} {...bindFilter("status")} />
        <FilterSelect label="Payment" anyLabel="Any payment status" options={orderPaymentStatuses} labels={paymentStatusLabels} {...bindFilter("payment")} />
      </FilterForm>

      <PagedList of={orders} rows={data?.orders} names={["order", "orders"]} testId="orders-list">
        {(rows) => <OrdersList rows={rows} timeZone={timeZone} onOpen={openOrder} />}
      </PagedList>

      {open && (
        <RecordGate
          key={open.orderNumber}
          url={`${listPath}/${encodeURIComponent(open.orderNumber)}`}
          title={`Order ${open.orderNumber}`}
          missingText={`There is no order ${open.orderNumber}. Check the order number, or find the order in the list.`}
          listHref={adminOrdersList.pageUrl(query)}
          listLabel="Back to orders"
          onClose={closeRecord}
        >
          {() => <OrderDialog orderNumber={open.orderNumber} timeZone={timeZone} onClose={closeRecord} onChanged={changed} />}
        </RecordGate>
      )}
    </div>
  );
}

/** The island's root: the currency setting for every amount its parts show. */
export default withCurrency(AdminOrdersBody);
