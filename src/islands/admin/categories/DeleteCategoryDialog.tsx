/** The confirmation before an empty category is deleted, naming it; Cancel has the focus, so Enter alone deletes nothing. */
import { useMutation } from "@tanstack/react-query";
import { useId, useRef } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import type { AdminCategoryRow } from "../../../shared/admin-categories";
import { useModal } from "../parts/use-modal";

export function DeleteCategoryDialog({ category, onClose, onDeleted }: { category: AdminCategoryRow; onClose: () => void; onDeleted: () => void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  const { ref, close } = useModal(cancel);
  const base = useId();

  const remove = useMutation({
    mutationFn: () => adminRequest("DELETE", `/api/admin/categories/${category.id}`),
    onSuccess: () => {
      toast({ title: "Category Deleted", description: `${category.name} has been removed.`, variant: "success" });
      onDeleted();
      close();
    },
    onError: (err) => {
      toast({
        title: "Delete Failed",
        description: (err instanceof ApiError && err.serverMessage) || "The category could not be deleted.",
        variant: "destructive",
      });
      // Gone already, or given products meanwhile: the list shows what is there now.
      if (err instanceof ApiError && (err.status === 404 || err.status === 409)) {
        onDeleted();
        close();
      }
    },
  });

  return (
    <dialog ref={ref} className="modal" role="alertdialog" aria-labelledby={`${base}title`} aria-describedby={`${base}text`} onClose={onClose}>
      <div className="modal-box w-11/12 max-w-md space-y-3">
        <h2 id={`${base}title`} className="text-lg font-bold">
          Delete category?
        </h2>
        <p id={`${base}text`} className="text-sm">
          Delete <strong>{category.name}</strong>? It has no products. This cannot be undone.
        </p>
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
