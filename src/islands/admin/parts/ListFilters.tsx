/**
 * The filters above an admin list: their form, a labelled select over a fixed set of values (with
 * an "Any …" option for no filter), a date field, and the search box whose text `useListSearch` applies.
 */
import { type FormEvent, type ReactNode, type RefObject, useId } from "react";

const applyAsTheyChange = (e: FormEvent) => e.preventDefault();

/**
 * The form of a list's filters, a `search` landmark named `label`. The filters apply as they change;
 * submitting runs `onSubmit` (a search box's Enter). With `action`, a browser without script
 * submits it as a GET of that page, with a Filter button.
 */
export function FilterForm({
  label,
  className,
  onSubmit = applyAsTheyChange,
  action,
  children,
}: {
  label: string;
  className: string;
  onSubmit?: (e: FormEvent) => void;
  action?: string;
  children: ReactNode;
}) {
  return (
    <search aria-label={label}>
      <form method={action ? "get" : undefined} action={action} onSubmit={onSubmit} className={className}>
        {children}
        {action && (
          <noscript>
            <button type="submit" className="btn">
              Filter
            </button>
          </noscript>
        )}
      </form>
    </search>
  );
}

type SelectChoice<V extends string> =
  | {
      /** The option that means "no filter": chosen, `onChange` gets null. */
      anyLabel: string;
      value: NoInfer<V> | null;
      onChange: (value: NoInfer<V> | null) => void;
    }
  | { anyLabel?: undefined; value: NoInfer<V>; onChange: (value: NoInfer<V>) => void };

/**
 * A labelled select of `options` named by `labels`.
 * `extraOptions` stand after the "Any …" option (for a chosen value the options do not hold yet).
 */
export function FilterSelect<V extends string>({
  label,
  className,
  name,
  options,
  labels,
  extraOptions,
  ...choice
}: {
  label: string;
  /** More classes for the fieldset. */
  className?: string;
  /** For the form a browser without script submits. */
  name?: string;
  options: readonly V[];
  labels: Readonly<Record<NoInfer<V>, string>> | Readonly<Record<string, string>>;
  extraOptions?: ReactNode;
} & SelectChoice<V>) {
  return (
    <LabelledField label={label} className={className}>
      {(fieldId) => (
        <select
          id={fieldId}
          name={name}
          className="select w-full"
          value={choice.value ?? ""}
          onChange={(e) => {
            const value = e.target.value as V;
            if (choice.anyLabel === undefined) choice.onChange(value);
            else choice.onChange(value || null);
          }}
        >
          {choice.anyLabel !== undefined && <option value="">{choice.anyLabel}</option>}
          {extraOptions}
          {options.map((v) => (
            <option key={v} value={v}>
              {labels[v]}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}

/**
 * A select of records by id (admins, categories), with "Any …" for no filter. A chosen id that is
 * not among `records` (they have not arrived yet, or it is gone) still shows, as `unknownLabel(id)`.
 */
export function RecordFilterSelect({
  records,
  value,
  onChange,
  unknownLabel,
  ...select
}: {
  label: string;
  anyLabel: string;
  className?: string;
  name?: string;
  records: readonly { id: number; name: string }[];
  value: number | null;
  onChange: (value: number | null) => void;
  unknownLabel: (id: number) => string;
}) {
  return (
    <FilterSelect
      {...select}
      options={records.map((r) => String(r.id))}
      labels={Object.fromEntries(records.map((r) => [String(r.id), r.name]))}
      value={value === null ? null : String(value)}
      onChange={(id: string | null) => onChange(id === null ? null : Number(id))}
      extraOptions={value !== null && !records.some((r) => r.id === value) && <option value={String(value)}>{unknownLabel(value)}</option>}
    />
  );
}

/** The labelled search field and its Search button (submitting the list's filter form). */
export function SearchBox({
  label,
  className,
  placeholder,
  search,
}: {
  label: string;
  /** More classes for the fieldset. */
  className?: string;
  placeholder?: string;
  /** From `useListSearch`. */
  search: { searchText: string; setSearchText: (text: string) => void; searchField: RefObject<HTMLInputElement | null>; maxLength: number };
}) {
  return (
    <LabelledField label={label} className={className}>
      {(fieldId) => (
        <div className="join w-full">
          <input
            ref={search.searchField}
            id={fieldId}
            type="search"
            className="input join-item w-full"
            autoComplete="off"
            spellCheck={false}
            maxLength={search.maxLength}
            placeholder={placeholder}
            value={search.searchText}
            onChange={(e) => search.setSearchText(e.target.value)}
          />
          <button type="submit" className="btn join-item">
            Search
          </button>
        </div>
      )}
    </LabelledField>
  );
}

/** A labelled date field (`value` as YYYY-MM-DD, or "" for none). */
export function FilterDate({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <LabelledField label={label}>
      {(fieldId) => <input id={fieldId} type="date" className="input w-full" value={value} onChange={(e) => onChange(e.target.value)} />}
    </LabelledField>
  );
}

/** A `fieldset` with its legend-styled label for the control `children` draws with the id it is given. */
function LabelledField({ label, className, children }: { label: string; className?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={className ? `fieldset ${className}` : "fieldset"}>
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
