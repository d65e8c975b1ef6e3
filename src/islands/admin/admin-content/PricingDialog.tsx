/**
 * The edit dialog of one service-pricing entry: name, price, description and the features one per
 * line (blank lines dropped before sending), checked with the same schema as
 * `PUT /api/admin/pricing/{id}`, which receives the whole entry.
 */
import { useMutation } from "@tanstack/react-query";
import { type Resolver, useForm } from "react-hook-form";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { toast } from "../../../client/toast-store";
import { errorProps, FormField, hintAndErrorProps } from "../../../components/FormField";
import {
  featuresFromLines,
  featuresHint,
  lengthUnits,
  maxLengthCount,
  type ServicePricingFormValues,
  type ServicePricingPut,
  type ServicePricingView,
  servicePricingPutSchema,
} from "../../../shared/service-pricing";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { DialogActions } from "../../dialog/DialogActions";
import { toastFailure } from "../parts/toast-failure";
import { useCurrency } from "../parts/money";

type Field = keyof ServicePricingFormValues;
const fields: readonly Field[] = ["name", "price", "description", "features", "lengthUnit", "lengthCount"];

const unitHints: Record<string, string> = {
  once: "US dollars for the whole service.",
  hour: "US dollars per hour.",
  day: "US dollars per day.",
  week: "US dollars per week.",
  month: "US dollars per month.",
  percent: "Percent off the standard rate.",
};

/** The form's values, checked as the whole entry the server will receive. */
function pricingResolver(entry: ServicePricingView): Resolver<ServicePricingFormValues, unknown, ServicePricingPut> {
  const validate = standardSchemaResolver(servicePricingPutSchema);
  return (values, context, options) =>
    validate(
      { ...entry, ...values, features: featuresFromLines(values.features), lengthCount: values.lengthCount === "" ? Number.NaN : Number(values.lengthCount) },
      context,
      options as never,
    ) as never;
}

function PricingForm({ entry, close, onSaved }: { entry: ServicePricingView; close: () => void; onSaved: (saved: ServicePricingView) => void }) {
  const currency = useCurrency();
  const { register, handleSubmit, setError, formState } = useForm<ServicePricingFormValues, unknown, ServicePricingPut>({
    resolver: pricingResolver(entry),
    defaultValues: {
      name: entry.name,
      price: entry.price,
      description: entry.description,
      features: entry.features.join("\n"),
      lengthUnit: entry.lengthUnit,
      lengthCount: String(entry.lengthCount),
    },
  });
  const save = useMutation({
    mutationFn: (whole: ServicePricingPut) => adminRequest<ServicePricingView>("PUT", `/api/admin/pricing/${encodeURIComponent(entry.id)}`, whole),
    onSuccess: (saved) => {
      onSaved(saved);
      toast({ title: "Pricing updated successfully", variant: "success" });
      close();
    },
    onError: (err) => {
      const serverFields = err instanceof ApiError ? err.fields : undefined;
      let focused = false;
      for (const [key, message] of Object.entries(serverFields ?? {})) {
        const field = fields.find((f) => key === f || key.startsWith(`${f}.`));
        if (!field) continue;
        setError(field, { type: "server", message }, { shouldFocus: !focused });
        focused = true;
      }
      toastFailure("Failed to save pricing", err);
    },
  });
  const error = (name: Field) => formState.errors[name]?.message as string | undefined;
  const percent = entry.unit === "percent";
  // A package booked for a fixed length (an hourly one takes the hours the customer chooses).
  const hasLength = entry.kind === "package" && entry.unit !== "hour";

  return (
    <form noValidate onSubmit={handleSubmit((whole) => save.mutate(whole))} aria-label={`Edit ${entry.name}`} className="space-y-1">
      <FormField id="pricing-name" label="Name" error={error("name")}>
        <input id="pricing-name" type="text" className="input w-full" {...errorProps("pricing-name", error("name"))} {...register("name")} />
      </FormField>
      <FormField
        id="pricing-price"
        label={percent ? "Discount (%)" : `Price (${currency})`}
        error={error("price")}
        hint={unitHints[entry.unit] ?? "US dollars."}
        hintStays
      >
        <input
          id="pricing-price"
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          className="input w-full"
          {...hintAndErrorProps("pricing-price", error("price"))}
          {...register("price")}
        />
      </FormField>
      <FormField id="pricing-description" label="Description" error={error("description")}>
        <textarea
          id="pricing-description"
          rows={3}
          className="textarea w-full"
          {...errorProps("pricing-description", error("description"))}
          {...register("description")}
        />
      </FormField>
      <FormField id="pricing-features" label="Features" error={error("features")} hint={featuresHint} hintStays>
        <textarea
          id="pricing-features"
          rows={6}
          className="textarea w-full"
          {...hintAndErrorProps("pricing-features", error("features"))}
          {...register("features")}
        />
      </FormField>
      {hasLength && (
        <fieldset className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          <legend className="text-sm font-semibold">How long a booking holds your time</legend>
          <FormField id="pricing-length-count" label="Length" error={error("lengthCount")}>
            <input
              id="pricing-length-count"
              type="number"
              step="1"
              min="1"
              max={maxLengthCount}
              inputMode="numeric"
              className="input w-full"
              {...errorProps("pricing-length-count", error("lengthCount"))}
              {...register("lengthCount")}
            />
          </FormField>
          <FormField id="pricing-length-unit" label="Counted in" error={error("lengthUnit")}>
            <select id="pricing-length-unit" className="select w-full" {...errorProps("pricing-length-unit", error("lengthUnit"))} {...register("lengthUnit")}>
              {lengthUnits.map((u) => (
                <option key={u.value} value={u.value}>
                  {u.label}
                </option>
              ))}
            </select>
          </FormField>
        </fieldset>
      )}
      <DialogActions pending={save.isPending} onCancel={close} />
    </form>
  );
}

export function PricingDialog({ entry, onClose, onSaved }: { entry: ServicePricingView; onClose: () => void; onSaved: (saved: ServicePricingView) => void }) {
  const { ref, close } = useModal();
  return (
    <DialogFrame modalRef={ref} close={close} title={`Edit ${entry.name}`} onClose={onClose}>
      <PricingForm entry={entry} close={close} onSaved={onSaved} />
    </DialogFrame>
  );
}
