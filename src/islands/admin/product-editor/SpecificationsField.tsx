/** The editor's specifications: name/value rows, added and removed with buttons. */
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from "react-hook-form";
import { errorProps } from "../../../components/FormField";
import { type ProductFormValues, productSpecsMax } from "../../../shared/admin-product-editor";

export function SpecificationsField({
  control,
  register,
  errors,
  baseId,
}: {
  control: Control<ProductFormValues>;
  register: UseFormRegister<ProductFormValues>;
  errors: FieldErrors<ProductFormValues>;
  baseId: string;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: "specifications" });
  const listError = errors.specifications?.message ?? errors.specifications?.root?.message;
  return (
    <fieldset className="fieldset">
      <legend className="fieldset-legend">Specifications</legend>
      {fields.length === 0 && <p className="text-sm text-base-content/70">No specifications yet.</p>}
      <ol className="space-y-2">
        {fields.map((field, i) => {
          const keyId = `${baseId}spec-${i}-key`;
          const valueId = `${baseId}spec-${i}-value`;
          const keyError = errors.specifications?.[i]?.key?.message;
          const valueError = errors.specifications?.[i]?.value?.message;
          return (
            <li key={field.id} className="flex flex-col gap-2 sm:flex-row sm:items-start">
              <div className="grow">
                <label htmlFor={keyId} className="sr-only">{`Specification ${i + 1} name`}</label>
                <input
                  id={keyId}
                  className="input w-full"
                  placeholder="Name, such as Battery"
                  {...errorProps(keyId, keyError)}
                  {...register(`specifications.${i}.key`)}
                />
                {keyError && (
                  <p id={`${keyId}-error`} className="text-sm text-error" role="alert">
                    {keyError}
                  </p>
                )}
              </div>
              <div className="grow">
                <label htmlFor={valueId} className="sr-only">{`Specification ${i + 1} value`}</label>
                <input
                  id={valueId}
                  className="input w-full"
                  placeholder="Value, such as 6 hours"
                  {...errorProps(valueId, valueError)}
                  {...register(`specifications.${i}.value`)}
                />
                {valueError && (
                  <p id={`${valueId}-error`} className="text-sm text-error" role="alert">
                    {valueError}
                  </p>
                )}
              </div>
              <button type="button" className="btn btn-outline btn-error btn-sm" aria-label={`Remove specification ${i + 1}`} onClick={() => remove(i)}>
                Remove
              </button>
            </li>
          );
        })}
      </ol>
      <div>
        <button type="button" className="btn btn-sm mt-2" disabled={fields.length >= productSpecsMax} onClick={() => append({ key: "", value: "" })}>
          Add specification
        </button>
      </div>
      {listError && (
        <p className="text-sm text-error" role="alert">
          {listError}
        </p>
      )}
    </fieldset>
  );
}
