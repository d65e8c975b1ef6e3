/**
 * /admin/categories: every category, active or not, in the shop's order, from
 * GET /api/admin/categories, with its product count. Add one (the form), edit one (the dialog:
 * name, slug, description, active), move one up or down (the whole new order is saved at once),
 * delete an empty one after a confirmation. Rules and messages: docs/product.md#categories.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { adminRequest } from "../../client/admin-api";
import { toast } from "../../client/toast-store";
import type { AdminCategoryRow } from "../../shared/admin-categories";
import { CategoryList, type CategoryAction, moveButtonId } from "./categories/CategoryList";
import { CreateCategoryForm } from "./categories/CreateCategoryForm";
import { DeleteCategoryDialog } from "./categories/DeleteCategoryDialog";
import { EditCategoryDialog } from "./categories/EditCategoryDialog";
import { ListFrame } from "./parts/ListFrame";
import { useDialogTrigger } from "./parts/use-dialog-trigger";
import { PageHeader } from "./parts/PageHeader";
import { toastFailure } from "./parts/toast-failure";

const listKey = ["/api/admin/categories"] as const;
/** The products page lists categories for its filter; the dashboard counts them. */
const relatedPrefixes = ["/api/admin/products", "/api/admin/stats"];

type Open = { kind: "edit" | "delete"; category: AdminCategoryRow; trigger: HTMLButtonElement };
type Move = { id: number; direction: "up" | "down" };

export default function AdminCategories() {
  const queryClient = useQueryClient();
  const list = useQuery<AdminCategoryRow[]>({ queryKey: listKey });
  const rows = list.data;
  const [focusAfterMove, setFocusAfterMove] = useState<Move | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { open, setOpen, closeDialog } = useDialogTrigger<Open>(heading);
  const idPrefix = useId();

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: listKey });
    void queryClient.invalidateQueries({ predicate: (q) => relatedPrefixes.some((p) => String(q.queryKey[0]).startsWith(p)) });
  };

  const reorder = useMutation({
    mutationFn: (move: Move & { ids: number[] }) => adminRequest<AdminCategoryRow[]>("POST", "/api/admin/categories/reorder", { ids: move.ids }),
    onSuccess: (saved, move) => {
      queryClient.setQueryData(listKey, saved);
      changed();
      const name = saved.find((c) => c.id === move.id)?.name ?? "The category";
      toast({ title: "Order Saved", description: `${name} moved ${move.direction}.`, variant: "success" });
      setFocusAfterMove({ id: move.id, direction: move.direction });
    },
    onError: (err) => {
      toastFailure("Order Not Saved", err, "The new order could not be saved.");
      changed();
    },
  });

  // The focus stays with the category that moved: on the same button, or the other one once it reaches an end.
  useEffect(() => {
    if (!focusAfterMove || reorder.isPending) return;
    const same = document.getElementById(moveButtonId(idPrefix, focusAfterMove.id, focusAfterMove.direction)) as HTMLButtonElement | null;
    const other = document.getElementById(moveButtonId(idPrefix, focusAfterMove.id, focusAfterMove.direction === "up" ? "down" : "up"));
    (same && !same.disabled ? same : other)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, reorder.isPending, idPrefix]);

  const onMove = (index: number, direction: "up" | "down") => {
    if (!rows) return;
    const target = direction === "up" ? index - 1 : index + 1;
    if (target < 0 || target >= rows.length) return;
    const ids = rows.map((c) => c.id);
    const moved = ids[index] as number;
    ids[index] = ids[target] as number;
    ids[target] = moved;
    reorder.mutate({ id: moved, direction, ids });
  };

  const openDialog =
    (kind: "edit" | "delete"): CategoryAction =>
    (category, trigger) =>
      setOpen({ kind, category, trigger });

  return (
    <div className="space-y-6">
      <PageHeader title="Categories" headingRef={heading} />

      <CreateCategoryForm onCreated={changed} />

      {list.isError && (
        <div role="alert" className="alert alert-error">
          <p>The categories could not be loaded. Please reload the page.</p>
        </div>
      )}

      <section aria-labelledby={`${idPrefix}list`} className="space-y-3">
        <h2 id={`${idPrefix}list`} className="text-lg font-bold">
          Shop order
        </h2>
        <p role="status" className="text-sm text-base-content/80">
          {rows ? `${rows.length} ${rows.length === 1 ? "category" : "categories"}` : list.isPending ? "Loading categories..." : ""}
        </p>
        <ListFrame
          testId="categories-list"
          busy={list.isFetching || reorder.isPending}
          loading={!rows && list.isPending}
          empty={rows !== undefined && rows.length === 0}
          emptyText="No categories yet"
        >
          {rows && rows.length > 0 && (
            <CategoryList
              rows={rows}
              idPrefix={idPrefix}
              moving={reorder.isPending ? (reorder.variables?.id ?? null) : null}
              onMove={onMove}
              onEdit={openDialog("edit")}
              onDelete={openDialog("delete")}
            />
          )}
        </ListFrame>
      </section>

      {open?.kind === "edit" && <EditCategoryDialog key={open.category.id} category={open.category} onClose={closeDialog} onSaved={changed} />}
      {open?.kind === "delete" && <DeleteCategoryDialog key={open.category.id} category={open.category} onClose={closeDialog} onDeleted={changed} />}
    </div>
  );
}
