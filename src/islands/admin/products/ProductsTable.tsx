/**
 * The products: a table from the `md` breakpoint (product, category, price with the sale price,
 * stock, status, actions) and a card per product below it, as the orders are, so nothing scrolls
 * sideways at 360 px.
 */
import type { MouseEvent } from "react";
import { isOnSale } from "../../../domain/catalogue";

import { type AdminProductRow, heldStockNote, isPlentifulStock } from "../../../shared/admin-products";
import { ResponsiveList } from "../parts/ResponsiveList";
import { StatusBadge } from "../../../components/StatusBadge";
import { listingStatus } from "../../../shared/status-badges";
import { useMoney } from "../parts/money";

export type RowAction = (product: AdminProductRow, trigger: HTMLButtonElement) => void;

function PriceCell({ product }: { product: AdminProductRow }) {
  const money = useMoney();
  if (!product.salePrice || !isOnSale({ price: product.price, salePrice: product.salePrice })) return <span>{money(product.price)}</span>;
  return (
    <span className="flex flex-col">
      <span className="font-semibold">
        {money(product.salePrice)} <span className="badge badge-sm badge-secondary">Sale</span>
      </span>
      <span className="text-sm text-base-content/80">
        <span className="sr-only">Regular price </span>
        <s>{money(product.price)}</s>
      </span>
    </span>
  );
}

function StockCell({ stock, held }: { stock: number; held: number }) {
  const plentiful = isPlentifulStock(stock);
  const note = plentiful ? "In stock" : stock === 0 ? "Out of stock" : "Low stock";
  const heldNote = heldStockNote(held);
  return (
    <span className={`flex flex-col whitespace-nowrap font-semibold ${plentiful ? "text-success" : "text-error"}`}>
      <span>{stock}</span>
      <span className="text-xs font-normal">{note}</span>
      {heldNote && (
        <span className="text-xs font-normal text-base-content" data-testid="held-stock">
          {heldNote}
        </span>
      )}
    </span>
  );
}

/** Edit pricing, Edit and Delete of one product, each naming it for screen readers. */
function Actions({ p, onEditPricing, onDelete, className }: { p: AdminProductRow; onEditPricing: RowAction; onDelete: RowAction; className: string }) {
  const act = (action: RowAction) => (e: MouseEvent<HTMLButtonElement>) => action(p, e.currentTarget);
  return (
    <span className={className}>
      <button type="button" className="btn btn-sm btn-outline" aria-haspopup="dialog" aria-label={`Edit pricing: ${p.name}`} onClick={act(onEditPricing)}>
        Edit pricing
      </button>
      <a className="btn btn-sm btn-outline" href={`/admin/products/${p.id}/edit`} aria-label={`Edit product: ${p.name}`}>
        Edit
      </a>
      <button type="button" className="btn btn-sm btn-outline btn-error" aria-haspopup="dialog" aria-label={`Delete: ${p.name}`} onClick={act(onDelete)}>
        Delete
      </button>
    </span>
  );
}

export function ProductsTable({ rows, onEditPricing, onDelete }: { rows: AdminProductRow[]; onEditPricing: RowAction; onDelete: RowAction }) {
  return (
    <ResponsiveList
      label="Products"
      columns={["Product", "Category", "Price", "Stock", "Status", "Actions"]}
      rows={rows}
      rowKey={(p) => p.id}
      rowTestId="product-row"
      cardTestId="product-card"
      card={(p) => (
        <>
          <div className="flex items-start gap-3">
            <img src={p.image} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded object-cover" />
            <div className="min-w-0 grow">
              <p className="font-semibold break-words" data-testid="product-card-name">
                {p.name}
              </p>
              <p className="text-xs break-all text-base-content/80">{p.slug}</p>
            </div>
            <StatusBadge kind="listing" status={listingStatus(p.isActive)} className="shrink-0 whitespace-nowrap" />
          </div>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            <div>
              <dt className="text-xs text-base-content/80">Price</dt>
              <dd>
                <PriceCell product={p} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-base-content/80">Stock</dt>
              <dd>
                <StockCell stock={p.stockQuantity} held={p.heldStock} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-base-content/80">Category</dt>
              <dd className="break-words">{p.categoryName ?? <span className="text-base-content/80">None</span>}</dd>
            </div>
          </dl>
          <Actions p={p} onEditPricing={onEditPricing} onDelete={onDelete} className="flex flex-wrap gap-2" />
        </>
      )}
      row={(p) => (
        <>
          <th scope="row" className="font-normal">
            <span className="flex min-w-48 items-center gap-3">
              <img src={p.image} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded object-cover" />
              <span className="flex flex-col">
                <span className="font-semibold">{p.name}</span>
                <span className="text-xs text-base-content/80">{p.slug}</span>
              </span>
            </span>
          </th>
          <td>{p.categoryName ?? <span className="text-base-content/80">None</span>}</td>
          <td className="whitespace-nowrap">
            <PriceCell product={p} />
          </td>
          <td>
            <StockCell stock={p.stockQuantity} held={p.heldStock} />
          </td>
          <td>
            <StatusBadge kind="listing" status={listingStatus(p.isActive)} className="whitespace-nowrap" />
          </td>
          <td>
            <Actions p={p} onEditPricing={onEditPricing} onDelete={onDelete} className="flex gap-2 whitespace-nowrap" />
          </td>
        </>
      )}
    />
  );
}
