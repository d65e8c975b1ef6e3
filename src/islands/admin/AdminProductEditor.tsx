/**
 * /admin/products/new and /admin/products/{id}/edit: every field of a product in one form
 * (react-hook-form with the shared `productFormSchema`), its images uploaded and ordered in place.
 * Saving creates (POST /api/admin/products) or replaces (PUT /api/admin/products/{id}) the
 * product; the server's field messages (400) and the taken slug or SKU (409) show under their
 * fields. After a create the page becomes the new product's edit page. Rules:
 * docs/product.md#product-editor.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { Controller, type FieldPath, useForm } from "react-hook-form";
import { adminRequest } from "../../client/admin-api";
import { ApiError } from "../../client/api";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { toast } from "../../client/toast-store";
import { errorProps, FormField } from "../../components/FormField";
import { slugFromName } from "../../shared/admin-categories";
import { heldStockNote } from "../../shared/admin-products";
import {
  dimensionUnits,
  emptyProductForm,
  type ProductEditorData,
  type ProductFormValues,
  type ProductSaved,
  productFormSchema,
} from "../../shared/admin-product-editor";
import { australianStates, stateNames } from "../../shared/checkout";
import { ImagesField } from "./product-editor/ImagesField";
import { SpecificationsField } from "./product-editor/SpecificationsField";
import { HeaderLink, PageHeader } from "./parts/PageHeader";
import { toastFailure } from "./parts/toast-failure";

export type AdminProductEditorProps = { productId: number | null /** The currency setting prices are entered in. */; currency: string };

type Categories = ProductEditorData["categories"];

export default function AdminProductEditor({ productId, currency }: AdminProductEditorProps) {
  const [id, setId] = useState(productId);
  const url = productId === null ? "/api/admin/products/new" : `/api/admin/products/${productId}`;
  // Loaded once: after a save the form holds what was sent, so a refetch must not reset it.
  const loaded = useQuery<ProductEditorData | { categories: Categories }>({
    queryKey: [url],
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const data = loaded.data;
  const title = id === null ? "New product" : "Edit product";

  return (
    <div className="space-y-6">
      <PageHeader title={title} back={<HeaderLink href="/admin/products" label="Back to Products" />} />
      {loaded.isError && (
        <p role="alert" className="alert alert-error">
          {loaded.error instanceof ApiError && loaded.error.status === 404
            ? "This product does not exist or was deleted."
            : "The product could not be loaded. Please reload the page."}
        </p>
      )}
      {loaded.isPending && <p aria-live="polite">Loading...</p>}
      {data && (
        <ProductForm
          currency={currency}
          id={id}
          categories={data.categories}
          initial={"form" in data ? data.form : emptyProductForm}
          heldStock={"heldStock" in data ? data.heldStock : 0}
          onCreated={(saved) => {
            setId(saved.id);
            history.replaceState(null, "", `/admin/products/${saved.id}/edit`);
          }}
        />
      )}
    </div>
  );
}

function ProductForm({
  id,
  currency,
  categories,
  initial,
  heldStock,
  onCreated,
}: {
  id: number | null;
  currency: string;
  categories: Categories;
  initial: ProductFormValues;
  heldStock: number;
  onCreated: (saved: ProductSaved) => void;
}) {
  const base = useId();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<ProductSaved | null>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const { register, control, handleSubmit, setError, watch, formState } = useForm<ProductFormValues, unknown, ProductFormValues>({
    resolver: standardSchemaResolver(productFormSchema),
    defaultValues: initial,
  });
  const errors = formState.errors;
  const error = (name: keyof ProductFormValues) => errors[name]?.message as string | undefined;
  const fid = (name: string) => `${base}${name}`;

  const save = useMutation({
    mutationFn: (values: ProductFormValues) =>
      id === null ? adminRequest<ProductSaved>("POST", "/api/admin/products", values) : adminRequest<ProductSaved>("PUT", `/api/admin/products/${id}`, values),
    onSuccess: (product) => {
      const created = id === null;
      setSaved(product);
      toast({ title: created ? "Product Added" : "Product Saved", description: `${product.name} has been saved.`, variant: "success" });
      void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === "string" && q.queryKey[0].startsWith("/api/admin/products?") });
      void queryClient.invalidateQueries({ queryKey: ["/api/admin/stats"] });
      if (created) onCreated(product);
    },
    onError: (err) => {
      const fields = (err instanceof ApiError && err.fields) || {};
      let first = true;
      for (const [field, message] of Object.entries(fields)) {
        setError(field as FieldPath<ProductFormValues>, { type: "server", message }, { shouldFocus: first });
        first = false;
      }
      toastFailure("Save Failed", err, "The product could not be saved.");
      if (first) submit.current?.focus();
    },
  });

  const name = watch("name");
  const slug = watch("slug");
  const imageErrors = Object.entries(errors.images ?? {})
    .map(([, e]) => (e && typeof e === "object" && "message" in e ? (e.message as string | undefined) : undefined))
    .filter(Boolean);

  const text = (
    field: keyof ProductFormValues,
    label: string,
    opts: { hint?: string; type?: string; step?: string; inputMode?: "decimal" | "numeric" } = {},
  ) => (
    <FormField id={fid(field)} label={label} error={error(field)} hint={opts.hint}>
      <input
        id={fid(field)}
        type={opts.type ?? "text"}
        step={opts.step}
        min={opts.type === "number" ? "0" : undefined}
        inputMode={opts.inputMode}
        className="input w-full"
        {...errorProps(fid(field), error(field))}
        {...register(field)}
      />
    </FormField>
  );
  const area = (field: keyof ProductFormValues, label: string, hint?: string, rows = 4) => (
    <FormField id={fid(field)} label={label} error={error(field)} hint={hint}>
      <textarea id={fid(field)} rows={rows} className="textarea w-full" {...errorProps(fid(field), error(field))} {...register(field)} />
    </FormField>
  );
  const check = (field: "isActive" | "isFeatured" | "requiresVerification", label: string) => (
    <label className="label cursor-pointer gap-2">
      <input type="checkbox" className="checkbox" {...register(field)} />
      <span>{label}</span>
    </label>
  );

  return (
    <form noValidate className="space-y-6 [&_.label]:whitespace-normal" onSubmit={handleSubmit((values) => save.mutate(values))}>
      {saved && (
        <p className="alert alert-success" role="status">
          <span>
            {saved.name} is saved.{" "}
            <a className="link" href={`/shop/product/${saved.slug}`}>
              View it in the shop
            </a>
          </span>
        </p>
      )}
      <section className="card card-border bg-base-100">
        <div className="card-body grid gap-x-4 md:grid-cols-2">
          <h2 className="card-title md:col-span-2">Basics</h2>
          {text("name", "Name")}
          {text("slug", "Address (slug)", { hint: slug ? `The page is /shop/product/${slug}` : `Leave empty to use ${slugFromName(name || "product")}` })}
          <div className="md:col-span-2">{area("shortDescription", "Short description", "Shown on the shop's cards.", 2)}</div>
          <div className="md:col-span-2">{area("description", "Description", undefined, 6)}</div>
          <FormField id={fid("categoryId")} label="Category" error={error("categoryId")}>
            <select id={fid("categoryId")} className="select w-full" {...errorProps(fid("categoryId"), error("categoryId"))} {...register("categoryId")}>
              <option value="">No category</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.isActive ? c.name : `${c.name} (inactive)`}
                </option>
              ))}
            </select>
          </FormField>
          {text("sku", "SKU", { hint: "Optional; unique." })}
        </div>
      </section>

      <section className="card card-border bg-base-100">
        <div className="card-body grid gap-x-4 md:grid-cols-2">
          <h2 className="card-title md:col-span-2">Price and stock</h2>
          {text("price", `Price (${currency})`, { type: "number", step: "0.01", inputMode: "decimal" })}
          {text("salePrice", `Sale price (${currency}, optional)`, {
            type: "number",
            step: "0.01",
            inputMode: "decimal",
            hint: "Leave empty or 0 for no sale price.",
          })}
          {text("stockQuantity", "Stock", {
            type: "number",
            step: "1",
            inputMode: "numeric",
            hint: heldStock > 0 ? `On the shelf now; ${heldStockNote(heldStock)}, back here if not paid in time.` : undefined,
          })}
          {text("lowStockThreshold", "Low-stock threshold", { type: "number", step: "1", inputMode: "numeric" })}
        </div>
      </section>

      <section className="card card-border bg-base-100">
        <div className="card-body grid gap-x-4 sm:grid-cols-2 md:grid-cols-4">
          <h2 className="card-title sm:col-span-2 md:col-span-4">Size and weight</h2>
          {text("weight", "Weight", { hint: "Such as 0.14 kg" })}
          {text("length", "Length", { type: "number", step: "0.01", inputMode: "decimal" })}
          {text("width", "Width", { type: "number", step: "0.01", inputMode: "decimal" })}
          {text("height", "Height", { type: "number", step: "0.01", inputMode: "decimal" })}
          <FormField id={fid("dimensionUnit")} label="Unit" error={error("dimensionUnit")}>
            <select id={fid("dimensionUnit")} className="select w-full" {...register("dimensionUnit")}>
              {dimensionUnits.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      </section>

      <section className="card card-border bg-base-100">
        <div className="card-body grid gap-x-4 md:grid-cols-2">
          <h2 className="card-title md:col-span-2">Details</h2>
          {area("features", "Features", "One per line.")}
          {area("tags", "Tags", "One per line.")}
          <div className="md:col-span-2">
            <SpecificationsField control={control} register={register} errors={errors} baseId={base} />
          </div>
        </div>
      </section>

      <section className="card card-border bg-base-100">
        <div className="card-body">
          <h2 className="card-title">Images</h2>
          <Controller
            control={control}
            name="images"
            render={({ field }) => <ImagesField images={field.value} onChange={field.onChange} error={error("images") ?? imageErrors[0]} />}
          />
        </div>
      </section>

      <section className="card card-border bg-base-100">
        <div className="card-body grid gap-4 md:grid-cols-2">
          <h2 className="card-title md:col-span-2">Visibility and sale</h2>
          <fieldset className="fieldset">
            <legend className="fieldset-legend">Status</legend>
            {check("isActive", "Active (shown in the shop)")}
            {check("isFeatured", "Featured")}
            {check("requiresVerification", "Requires verification before sale")}
          </fieldset>
          <fieldset className="fieldset">
            <legend className="fieldset-legend">Not sold to these states and territories</legend>
            <div className="grid grid-cols-1 gap-1 sm:grid-cols-2">
              {australianStates.map((s) => (
                <label key={s} className="label cursor-pointer gap-2">
                  <input type="checkbox" className="checkbox checkbox-sm" value={s} {...register("restrictedStates")} />
                  <span>{stateNames[s]}</span>
                </label>
              ))}
            </div>
            {error("restrictedStates") && (
              <p className="text-sm text-error" role="alert">
                {error("restrictedStates")}
              </p>
            )}
          </fieldset>
        </div>
      </section>

      <section className="card card-border bg-base-100">
        <div className="card-body grid gap-x-4 md:grid-cols-2">
          <h2 className="card-title md:col-span-2">Search engines</h2>
          {text("seoTitle", "SEO title", { hint: "Up to 70 characters; the name when empty." })}
          {area("seoDescription", "SEO description", "Up to 160 characters; the short description when empty.", 2)}
        </div>
      </section>

      <div className="flex flex-wrap gap-3">
        <button ref={submit} type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? "Saving..." : id === null ? "Create product" : "Save product"}
        </button>
        <a href="/admin/products" className="btn btn-ghost">
          Cancel
        </a>
      </div>
    </form>
  );
}
