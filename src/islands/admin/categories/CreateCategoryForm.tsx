/**
 * The "Add a category" form: a name, an optional slug (empty makes one from the name) and an
 * optional description. The shared schema checks it first; the server's messages (a taken name or
 * slug) show under their fields.
 */
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { adminRequest } from "../../../client/admin-api";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { toast } from "../../../client/toast-store";
import { type AdminCategoryRow, type CategoryCreate, categoryCreateSchema } from "../../../shared/admin-categories";
import { CategoryFields } from "./CategoryFields";
import { serverFieldErrors } from "../parts/server-field-errors";
import { toastFailure } from "../parts/toast-failure";
import { SubmitButton } from "../parts/SubmitButton";

type Values = { name: string; slug: string; description: string };
const fields = ["name", "slug", "description"] as const;

export function CreateCategoryForm({ onCreated }: { onCreated: (category: AdminCategoryRow) => void }) {
  const base = useId();
  const { register, handleSubmit, setError, reset, setFocus, formState } = useForm<Values, unknown, CategoryCreate>({
    resolver: standardSchemaResolver(categoryCreateSchema),
    defaultValues: { name: "", slug: "", description: "" },
  });

  const create = useMutation({
    mutationFn: (values: CategoryCreate) => adminRequest<AdminCategoryRow>("POST", "/api/admin/categories", values),
    onSuccess: (category) => {
      toast({ title: "Category Added", description: `${category.name} is at the end of the list.`, variant: "success" });
      reset();
      setFocus("name");
      onCreated(category);
    },
    onError: (err) => {
      serverFieldErrors(err, fields, (field, message) => setError(field, { type: "server", message }, { shouldFocus: true }));
      toastFailure("Not Added", err, "The category could not be added.");
    },
  });
  const error = (name: keyof Values) => formState.errors[name]?.message;

  return (
    <section aria-labelledby={`${base}title`} className="rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id={`${base}title`} className="text-lg font-bold">
        Add a category
      </h2>
      <form noValidate onSubmit={handleSubmit((values) => create.mutate(values))} className="grid gap-x-4 sm:grid-cols-2">
        <CategoryFields
          base={base}
          fields={{ name: register("name"), slug: register("slug"), description: register("description") }}
          error={error}
          slugLabel="Slug (optional)"
          slugHint="Leave empty to make one from the name."
          descriptionLabel="Description (optional)"
          descriptionRows={2}
          descriptionClassName="sm:col-span-2"
        />
        <div className="mt-3 sm:col-span-2">
          <SubmitButton label="Add category" pending={create.isPending} pendingLabel="Adding..." />
        </div>
      </form>
    </section>
  );
}
