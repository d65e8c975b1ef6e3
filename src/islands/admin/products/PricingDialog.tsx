/**
 * The pricing dialog of one product: the price (step 0.01, at least 0) and an optional sale price
 * (empty or 0 sends none). It always sends the whole pricing; the server's field messages show
 * under their fields.
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { toast } from "../../../client/toast-store";
import { InputField } from "../../../components/FormField";
import { type AdminProductRow, type PricingFormValues, type ProductPricingResult, pricingFormSchema, pricingPayload } from "../../../shared/admin-products";
import { DialogActions } from "../../dialog/DialogActions";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { toastFailure } from "../parts/toast-failure";
import { useCurrency } from "../parts/money";

export function PricingDialog({ product, onClose, onSaved }: { product: AdminProductRow; onClose: () => void; onSaved: () => void }) {
  const currency = useCurrency();
  const { ref, close } = useModal();
  const base = useId();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<PricingFormValues, unknown, PricingFormValues>({
    resolver: standardSchemaResolver(pricingFormSchema),
    defaultValues: { price: product.price, salePrice: product.salePrice ?? "" },
  });
  // The price is what the owner came to change: it takes the focus, not the Close button.
  useEffect(() => setFocus("price"), [setFocus]);

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
      toastFailure("Update Failed", err, "Failed to update pricing");
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
    <DialogFrame
      modalRef={ref}
      close={close}
      title="Edit pricing"
      subtitle={<p className="text-sm text-base-content/80">{product.name}</p>}
      width="narrow"
      onClose={onClose}
    >
      <form noValidate className="space-y-2" onSubmit={handleSubmit((values) => save.mutate(values))}>
        <InputField
          id={priceId}
          label={`Price (${currency})`}
          error={error("price")}
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          {...register("price")}
        />
        <InputField
          id={saleId}
          label={`Sale price (${currency}, optional)`}
          error={error("salePrice")}
          hint="Leave empty or 0 for no sale price."
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          {...register("salePrice")}
        />
        <DialogActions pending={save.isPending} onCancel={close} saveLabel="Save pricing" />
      </form>
    </DialogFrame>
  );
}
