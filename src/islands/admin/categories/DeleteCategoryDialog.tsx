/** The confirmation before an empty category is deleted, naming it; Cancel has the focus, so Enter alone deletes nothing. */
import { useMutation } from "@tanstack/react-query";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import type { AdminCategoryRow } from "../../../shared/admin-categories";
import { ConfirmDeleteDialog } from "../parts/ConfirmDeleteDialog";
import { toastFailure } from "../parts/toast-failure";

/** Gone already, or given products meanwhile: the list shows what is there now. */
const listChanged = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 409);

export function DeleteCategoryDialog({ category, onClose, onDeleted }: { category: AdminCategoryRow; onClose: () => void; onDeleted: () => void }) {
  const remove = useMutation({
    mutationFn: () => adminRequest("DELETE", `/api/admin/categories/${category.id}`),
    onSuccess: () => {
      toast({ title: "Category Deleted", description: `${category.name} has been removed.`, variant: "success" });
      onDeleted();
    },
    onError: (err) => {
      toastFailure("Delete Failed", err, "The category could not be deleted.");
      if (listChanged(err)) onDeleted();
    },
  });

  return (
    <ConfirmDeleteDialog
      title="Delete category?"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={(close) => remove.mutate(undefined, { onSuccess: close, onError: (err) => listChanged(err) && close() })}
    >
      <p>
        Delete <strong>{category.name}</strong>? It has no products. This cannot be undone.
      </p>
    </ConfirmDeleteDialog>
  );
}
