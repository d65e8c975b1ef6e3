/** A category's name, slug and description fields, shared by the create form and the edit dialog. */
import type { UseFormRegisterReturn } from "react-hook-form";
import { errorProps, FormField } from "../../../components/FormField";
import { categoryDescriptionMax, categoryNameMax, categorySlugMax } from "../../../shared/admin-categories";

type Field = "name" | "slug" | "description";

export function CategoryFields({
  base,
  fields,
  error,
  slugLabel,
  slugHint,
  descriptionLabel,
  descriptionRows,
  descriptionClassName,
}: {
  /** The form's id prefix (useId). */
  base: string;
  fields: Record<Field, UseFormRegisterReturn>;
  error: (name: Field) => string | undefined;
  slugLabel: string;
  slugHint: string;
  descriptionLabel: string;
  descriptionRows: number;
  /** The description's wrapper, for the grid it sits in. */
  descriptionClassName?: string;
}) {
  const nameId = `${base}name`;
  const slugId = `${base}slug`;
  const descriptionId = `${base}description`;
  return (
    <>
      <FormField id={nameId} label="Name" error={error("name")}>
        <input id={nameId} className="input w-full" maxLength={categoryNameMax} autoComplete="off" {...errorProps(nameId, error("name"))} {...fields.name} />
      </FormField>
      <FormField id={slugId} label={slugLabel} error={error("slug")} hint={slugHint}>
        <input id={slugId} className="input w-full" maxLength={categorySlugMax} autoComplete="off" {...errorProps(slugId, error("slug"))} {...fields.slug} />
      </FormField>
      <div className={descriptionClassName}>
        <FormField id={descriptionId} label={descriptionLabel} error={error("description")}>
          <textarea
            id={descriptionId}
            className="textarea w-full"
            rows={descriptionRows}
            maxLength={categoryDescriptionMax}
            {...errorProps(descriptionId, error("description"))}
            {...fields.description}
          />
        </FormField>
      </div>
    </>
  );
}
