/**
 * The filters above an admin list: a labelled select over a fixed set of values (with an "Any …"
 * option for no filter), and the search box whose text `useListSearch` applies.
 */
import type { ReactNode, RefObject } from "react";

type SelectChoice<V extends string> =
  | {
      /** The option that means "no filter": chosen, `onChange` gets null. */
      anyLabel: string;
      value: NoInfer<V> | null;
      onChange: (value: NoInfer<V> | null) => void;
    }
  | { anyLabel?: undefined; value: NoInfer<V>; onChange: (value: NoInfer<V>) => void };

/**
 * A `fieldset` with its legend-styled label and a select of `options` named by `labels`.
 * `extraOptions` stand after the "Any …" option (for a chosen value the options do not hold yet).
 */
export function FilterSelect<V extends string>({
  id,
  label,
  className,
  name,
  options,
  labels,
  extraOptions,
  ...choice
}: {
  id: string;
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
    <div className={className ? `fieldset ${className}` : "fieldset"}>
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      <select
        id={id}
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
    </div>
  );
}

/** The labelled search field and its Search button (submitting the list's filter form). */
export function SearchBox({
  id,
  label,
  className,
  maxLength,
  placeholder,
  autoComplete,
  spellCheck,
  search,
}: {
  id: string;
  label: string;
  /** More classes for the fieldset. */
  className?: string;
  maxLength: number;
  placeholder?: string;
  autoComplete?: string;
  spellCheck?: boolean;
  /** From `useListSearch`. */
  search: { searchText: string; setSearchText: (text: string) => void; searchField: RefObject<HTMLInputElement | null> };
}) {
  return (
    <div className={className ? `fieldset ${className}` : "fieldset"}>
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      <div className="join w-full">
        <input
          ref={search.searchField}
          id={id}
          type="search"
          className="input join-item w-full"
          autoComplete={autoComplete}
          spellCheck={spellCheck}
          maxLength={maxLength}
          placeholder={placeholder}
          value={search.searchText}
          onChange={(e) => search.setSearchText(e.target.value)}
        />
        <button type="submit" className="btn join-item">
          Search
        </button>
      </div>
    </div>
  );
}

/** A labelled date field (`value` as YYYY-MM-DD, or "" for none). */
export function FilterDate({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="fieldset">
      <label htmlFor={id} className="fieldset-legend">
        {label}
      </label>
      <input id={id} type="date" className="input w-full" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}
