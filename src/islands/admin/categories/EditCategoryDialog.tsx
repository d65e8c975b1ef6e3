/**
 * The edit dialog of one category: name, slug, description and active. A renamed category's slug
 * follows its name unless the admin edits the slug too (only an edited slug is sent). An inactive
 * category's products leave the shop.
 */
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { toast } from "../../../client/toast-store";
import { type AdminCategoryRow, type CategoryUpdate, categoryUpdateSchema } from "../../../shared/admin-categories";
import { DialogActions } from "../../dialog/DialogActions";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { CategoryFields } from "./CategoryFields";
import { serverFieldErrors } from "../parts/server-field-errors";
import { toastFailure } from "../parts/toast-failure";

type Values = { name: string; slug: string; description: string; isActive: boolean };
const fields = ["name", "slug", "description", "isActive"] as const;

export function EditCategoryDialog({ category, onClose, onSaved }: { category: AdminCategoryRow; onClose: () => void; onSaved: () => void }) {
  const { ref, close } = useModal();
  const base = useId();
  const { register, handleSubmit, setError, formState } = useForm<Values, unknown, CategoryUpdate>({
    resolver: standardSchemaResolver(categoryUpdateSchema),
    defaultValues: { name: category.name, slug: category.slug, description: category.description ?? "", isActive: category.isActive },
  });

  const save = useMutation({
    mutationFn: (values: CategoryUpdate) => {
      // An unchanged slug is left out, so a new name brings its own.
      const { slug, ...rest } = values;
      const body = slug !== category.slug ? values : rest;
      return adminRequest<AdminCategoryRow>("PATCH", `/api/admin/categories/${category.id}`, body);
    },
    onSuccess: (saved) => {
      toast({ title: "Category Updated", description: `${saved.name} has been saved.`, variant: "success" });
      onSaved();
      close();
    },
    onError: (err) => {
      serverFieldErrors(err, fields, (field, message) => setError(field, { type: "server", message }, { shouldFocus: true }));
      toastFailure("Update Failed", err, "The category could not be saved.");
      if (err instanceof ApiError && err.status === 404) {
        onSaved();
        close();
      }
    },
  });
  const error = (name: keyof Values) => formState.errors[name]?.message;
  const activeId = `${base}active`;

  return (
    <DialogFrame modalRef={ref} close={close} title="Edit category" width="narrow" onClose={onClose}>
      <form noValidate className="space-y-2" onSubmit={handleSubmit((values) => save.mutate(values))}>
        <CategoryFields
          base={base}
          fields={{ name: register("name"), slug: register("slug"), description: register("description") }}
          error={error}
          slugLabel="Slug"
          slugHint="Follows a new name unless you change it here."
          descriptionLabel="Description"
          descriptionRows={3}
        />
        <div className="fieldset">
          <label htmlFor={activeId} className="label cursor-pointer justify-start gap-3">
            <input id={activeId} type="checkbox" className="toggle" {...register("isActive")} />
            <span>Active (its products show in the shop)</span>
          </label>
        </div>
        <DialogActions pending={save.isPending} onCancel={close} saveLabel="Save category" />
      </form>
    </DialogFrame>
  );
}
