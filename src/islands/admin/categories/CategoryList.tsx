/**
 * The categories in display order, one card each: name, slug, description, product count,
 * Active/Inactive, and its actions: move up and down (buttons, so the keyboard reaches them), edit,
 * and delete (disabled, with the reason beside it, while the category has products).
 */
import type { MouseEvent } from "react";
import { type AdminCategoryRow, categoryHasProductsMessage } from "../../../shared/admin-categories";
import { StatusBadge } from "../../../components/StatusBadge";
import { listingStatus } from "../../../shared/status-badges";

export type CategoryAction = (category: AdminCategoryRow, trigger: HTMLButtonElement) => void;

/** The id of a category's move button, so the focus can follow the category it moved. */
export const moveButtonId = (prefix: string, id: number, direction: "up" | "down") => `${prefix}move-${direction}-${id}`;

export function CategoryList({
  rows,
  idPrefix,
  moving,
  onMove,
  onEdit,
  onDelete,
}: {
  rows: AdminCategoryRow[];
  idPrefix: string;
  /** The category being moved, while its new order is saved. */
  moving: number | null;
  onMove: (index: number, direction: "up" | "down") => void;
  onEdit: CategoryAction;
  onDelete: CategoryAction;
}) {
  const act = (action: CategoryAction, category: AdminCategoryRow) => (e: MouseEvent<HTMLButtonElement>) => action(category, e.currentTarget);
  return (
    <ol className="divide-y divide-base-300">
      {rows.map((c, i) => {
        const reasonId = `${idPrefix}reason-${c.id}`;
        return (
          <li key={c.id} data-testid="category-row" className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between">
            <div className="min-w-0 space-y-1">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="break-words font-semibold">{c.name}</h3>
                <StatusBadge kind="listing" status={listingStatus(c.isActive)} className="badge-sm" />
              </div>
              <p className="break-all text-xs text-base-content/80">/{c.slug}</p>
              {c.description && <p className="break-words text-sm">{c.description}</p>}
              <p className="text-sm" data-testid="category-count">
                {c.productCount} {c.productCount === 1 ? "product" : "products"}
              </p>
            </div>
            <div className="flex shrink-0 flex-col gap-2">
              <div className="flex flex-wrap gap-2">
                <button
                  id={moveButtonId(idPrefix, c.id, "up")}
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Move up: ${c.name}`}
                  disabled={i === 0 || moving !== null}
                  onClick={() => onMove(i, "up")}
                >
                  {moving === c.id ? "Moving..." : "Move up"}
                </button>
                <button
                  id={moveButtonId(idPrefix, c.id, "down")}
                  type="button"
                  className="btn btn-sm btn-outline"
                  aria-label={`Move down: ${c.name}`}
                  disabled={i === rows.length - 1 || moving !== null}
                  onClick={() => onMove(i, "down")}
                >
                  {moving === c.id ? "Moving..." : "Move down"}
                </button>
                <button type="button" className="btn btn-sm btn-outline" aria-haspopup="dialog" aria-label={`Edit: ${c.name}`} onClick={act(onEdit, c)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline btn-error"
                  aria-haspopup="dialog"
                  aria-label={`Delete: ${c.name}`}
                  aria-describedby={c.productCount > 0 ? reasonId : undefined}
                  disabled={c.productCount > 0}
                  onClick={act(onDelete, c)}
                >
                  Delete
                </button>
              </div>
              {c.productCount > 0 && (
                <p id={reasonId} className="text-xs text-base-content/80">
                  {`To delete it: ${categoryHasProductsMessage(c.productCount)}`}
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
