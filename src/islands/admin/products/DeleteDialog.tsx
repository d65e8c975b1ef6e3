/** The confirmation before a product is deleted, naming it; Cancel has the focus, so Enter alone deletes nothing. */
import { useMutation } from "@tanstack/react-query";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import type { AdminProductRow } from "../../../shared/admin-products";
import { ConfirmDeleteDialog } from "../parts/ConfirmDeleteDialog";
import { toastFailure } from "../parts/toast-failure";

export function DeleteDialog({ product, onClose, onDeleted }: { product: AdminProductRow; onClose: () => void; onDeleted: () => void }) {
  const remove = useMutation({
    mutationFn: () => adminRequest("DELETE", `/api/admin/products/${product.id}`),
    onSuccess: () => {
      toast({ title: "Product Deleted", description: "Product has been successfully removed.", variant: "success" });
      onDeleted();
    },
    onError: (err) => {
      toastFailure("Delete Failed", err, "Failed to delete product");
      // Someone else may have deleted it already: the list shows what is there now.
      if (err instanceof ApiError && err.status === 404) onDeleted();
    },
  });

  return (
    <ConfirmDeleteDialog
      title="Delete product?"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={(close) => remove.mutate(undefined, { onSuccess: close, onError: (err) => err instanceof ApiError && err.status === 404 && close() })}
    >
      <p>
        Delete <strong>{product.name}</strong>? It leaves the shop, customers' carts and wishlists, and its page will no longer be found.
      </p>
      <p>Past orders keep their record of it. This cannot be undone.</p>
    </ConfirmDeleteDialog>
  );
}
