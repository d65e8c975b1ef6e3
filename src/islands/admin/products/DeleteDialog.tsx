/** The confirmation before a product is deleted, naming it; Cancel has the focus, so Enter alone deletes nothing. */
import { useMutation } from "@tanstack/react-query";
import { useId, useRef } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import type { AdminProductRow } from "../../../shared/admin-products";
import { useModal } from "../parts/use-modal";

export function DeleteDialog({ product, onClose, onDeleted }: { product: AdminProductRow; onClose: () => void; onDeleted: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  const { ref, close } = useModal(cancel);
  const base = useId();

  const remove = useMutation({
    mutationFn: () => adminRequest("DELETE", `/api/admin/products/${product.id}`),
    onSuccess: () => {
      toast({ title: "Product Deleted", description: "Product has been successfully removed.", variant: "success" });
      onDeleted();
      close();
    },
    onError: (err) => {
      toast({ title: "Delete Failed", description: (err instanceof ApiError && err.serverMessage) || "Failed to delete product", variant: "destructive" });
      // Someone else may have deleted it already: the list shows what is there now.
      if (err instanceof ApiError && err.status === 404) {
        onDeleted();
        close();
      }
    },
  });

  return (
    <dialog ref={ref} className="modal" role="alertdialog" aria-labelledby={`${base}title`} aria-describedby={`${base}text`} onClose={onClose}>
      <div className="modal-box w-11/12 max-w-md space-y-3">
        <h2 id={`${base}title`} className="text-lg font-bold">
          Delete product?
        </h2>
        <div id={`${base}text`} className="space-y-2 text-sm">
          <p>
            Delete <strong>{product.name}</strong>? It leaves the shop, customers' carts and wishlists, and its page will no longer be found.
          </p>
          <p>Past orders keep their record of it. This cannot be undone.</p>
        </div>
        <div className="modal-action">
          <button ref={cancel} type="button" className="btn btn-ghost" onClick={close}>
            Cancel
          </button>
          <button type="button" className="btn btn-error" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {remove.isPending ? "Deleting..." : "Delete"}
          </button>
        </div>
      </div>
    </dialog>
  );
}
