/**
 * /admin/products: every product, active or not, from GET /api/admin/products, searched by name
 * and description (as the admin types, or at once on Enter), filtered by category and paged on the
 * server. Each row opens the pricing dialog, the product editor or the delete confirmation. The filters live in the
 * page's URL, so a reload or a sign-in round trip keeps them.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { type AdminProductList, type AdminProductRow, type AdminProductsQuery, adminProductsList } from "../../shared/admin-products";
import { DeleteDialog } from "./products/DeleteDialog";
import { PricingDialog } from "./products/PricingDialog";
import { ProductsTable, type RowAction } from "./products/ProductsTable";
import { FilterForm, RecordFilterSelect, SearchBox } from "./parts/ListFilters";
import { PagedList } from "./parts/PagedList";
import { useListSearch, useUrlList } from "./parts/use-url-list";
import { useDialogTrigger } from "./parts/use-dialog-trigger";
import { HeaderLink, PageHeader } from "./parts/PageHeader";
import { withCurrency } from "./parts/money";

export type AdminProductsProps = { initialQuery: AdminProductsQuery };

const listPath = adminProductsList.apiPath;
/** The dashboard's figures (its query key is its URL) count products: a change here makes them stale. */
const statsKey = ["/api/admin/stats"] as const;

type Open = { kind: "pricing" | "delete"; product: AdminProductRow; trigger: HTMLButtonElement };

function AdminProductsBody({ initialQuery }: AdminProductsProps) {
  const queryClient = useQueryClient();
  const products = useUrlList<AdminProductsQuery, AdminProductList>(adminProductsList, initialQuery);
  const { query, setQuery, bindFilter, setPage, data, pageCount } = products;
  const search = useListSearch(adminProductsList.filters.search, initialQuery.search, setQuery);
  const heading = useRef<HTMLHeadingElement>(null);
  const { open, setOpen, closeDialog } = useDialogTrigger<Open>(heading);

  // A page left empty by a delete (or an old link) moves back to the last page that has rows.
  useEffect(() => {
    if (data && data.products.length === 0 && data.total > 0 && query.page > pageCount) setPage(pageCount);
  }, [data, pageCount, query.page, setPage]);

  const changed = () => {
    void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith(listPath) });
    void queryClient.invalidateQueries({ queryKey: statsKey });
  };

  const openDialog =
    (kind: "pricing" | "delete"): RowAction =>
    (product, trigger) =>
      setOpen({ kind, product, trigger });

  return (
    <div className="space-y-6">
      <PageHeader title="Products" headingRef={heading} actions={<HeaderLink href="/admin/products/new" label="New product" className="btn btn-primary" />} />

      <FilterForm label="Products" onSubmit={search.onSearch} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchBox label="Search by name or description" className="grow" search={search} />
        <RecordFilterSelect
          label="Category"
          className="sm:w-64"
          anyLabel="All categories"
          records={(data?.categories ?? []).map((c) => ({ id: c.id, name: c.isActive ? c.name : `${c.name} (inactive)` }))}
          unknownLabel={(id) => `Category ${id}`}
          {...bindFilter("category")}
        />
      </FilterForm>

      <PagedList of={products} rows={data?.products} names={["product", "products"]} testId="products-table">
        {(rows) => <ProductsTable rows={rows} onEditPricing={openDialog("pricing")} onDelete={openDialog("delete")} />}
      </PagedList>

      {open?.kind === "pricing" && <PricingDialog key={open.product.id} product={open.product} onClose={closeDialog} onSaved={changed} />}
      {open?.kind === "delete" && <DeleteDialog key={open.product.id} product={open.product} onClose={closeDialog} onDeleted={changed} />}
    </div>
  );
}

/** The island's root: the currency setting for every amount its parts show. */
export default withCurrency(AdminProductsBody);
