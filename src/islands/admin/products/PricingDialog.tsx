/**
 * The pricing dialog of one product: the price (step 0.01, at least 0) and an optional sale price
 * (empty or 0 sends none). It always sends the whole pricing; the server's field messages show
 * under their fields.
 */
import { useMutation } from "@tanstack/react-query";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { toast } from "../../../client/toast-store";
import { errorProps, FormField } from "../../../components/FormField";
import { type AdminProductRow, type PricingFormValues, type ProductPricingResult, pricingFormSchema, pricingPayload } from "../../../shared/admin-products";
import { useModal } from "../../dialog/use-modal";

export function PricingDialog({ product, onClose, onSaved }: { product: AdminProductRow; onClose: () => void; onSaved: () => void }) {
  const { ref, close } = useModal();
  const base = useId();
  const { register, handleSubmit, setError, formState } = useForm<PricingFormValues, unknown, PricingFormValues>({
    resolver: standardSchemaResolver(pricingFormSchema),
    defaultValues: { price: product.price, salePrice: product.salePrice ?? "" },
  });

  const save = useMutation({
    mutationFn: (values: PricingFormValues) => adminRequest<ProductPricingResult>("PATCH", `/api/admin/products/${product.id}/pricing`, pricingPayload(values)),
    onSuccess: () => {
      toast({ title: "Pricing Updated", description: "Product pricing has been successfully updated.", variant: "success" });
      onSaved();
      close();
    },
    onError: (err) => {
      for (const [field, message] of Object.entries((err instanceof ApiError && err.fields) || {})) {
        if (field === "price" || field === "salePrice") setError(field, { type: "server", message });
      }
      toast({ title: "Update Failed", description: (err instanceof ApiError && err.serverMessage) || "Failed to update pricing", variant: "destructive" });
      // Deleted meanwhile: the list shows what is there now.
      if (err instanceof ApiError && err.status === 404) {
        onSaved();
        close();
      }
    },
  });
  const error = (name: keyof PricingFormValues) => formState.errors[name]?.message as string | undefined;
  const priceId = `${base}price`;
  const saleId = `${base}sale`;

  return (
    <dialog ref={ref} className="modal" aria-labelledby={`${base}title`} onClose={onClose}>
      <form noValidate className="modal-box w-11/12 max-w-md space-y-2" onSubmit={handleSubmit((values) => save.mutate(values))}>
        <h2 id={`${base}title`} className="text-lg font-bold">
          Edit pricing
        </h2>
        <p className="text-sm text-base-content/80">{product.name}</p>
        <FormField id={priceId} label="Price (USD)" error={error("price")}>
          <input
            id={priceId}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            className="input w-full"
            {...errorProps(priceId, error("price"))}
            {...register("price")}
          />
        </FormField>
        <FormField id={saleId} label="Sale price (USD, optional)" error={error("salePrice")} hint="Leave empty or 0 for no sale price.">
          <input
            id={saleId}
            type="number"
            step="0.01"
            min="0"
            inputMode="decimal"
            className="input w-full"
            {...errorProps(saleId, error("salePrice"))}
            {...register("salePrice")}
          />
        </FormField>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? "Saving..." : "Save pricing"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
