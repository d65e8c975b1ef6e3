/**
 * The fields of one content section, laid out from its current value: a text box per text, and for
 * a list its entries, each with Move up, Move down and Remove, and an Add button. The section's
 * schema (shared/content.ts) judges the result; its messages arrive in `errors` by dotted path.
 */
import { errorProps, FormField } from "../../../components/FormField";
import { fieldLabel, isMultiline, listNames } from "./field-labels";

export type Json = string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
type Path = (string | number)[];

/** What every field of the editor needs: where it is, its messages, and how to change the draft. */
export type Editor = {
  sectionId: string;
  idBase: string;
  errors: Record<string, string>;
  set: (path: Path, value: Json) => void;
  /** Moves focus to the element with this id after the next render. */
  focusLater: (id: string) => void;
};

/** The id of the control at `path` (dots become dashes: ids stay plain). */
export function fieldId(editor: Pick<Editor, "idBase">, path: Path | string): string {
  return `${editor.idBase}${typeof path === "string" ? path.replaceAll(".", "-") : path.join("-")}`;
}

/** An empty entry shaped like `template`, for a list's Add button. */
function blank(template: Json): Json {
  if (typeof template === "string") return "";
  if (Array.isArray(template)) return [];
  return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, blank(v)]));
}

/** The path of the first control inside a value at `path`. */
function firstControl(value: Json, path: Path): Path {
  if (typeof value === "string" || Array.isArray(value)) return path;
  const first = Object.entries(value)[0];
  return first ? firstControl(first[1], [...path, first[0]]) : path;
}

function TextField({ editor, path, label, value, multiline }: { editor: Editor; path: Path; label: string; value: string; multiline: boolean }) {
  const id = fieldId(editor, path);
  const error = editor.errors[path.join(".")];
  const control = { id, value, onChange: (e: { target: { value: string } }) => editor.set(path, e.target.value), ...errorProps(id, error) };
  return (
    <FormField id={id} label={label} error={error}>
      {multiline ? <textarea rows={3} className="textarea w-full" {...control} /> : <input type="text" className="input w-full" {...control} />}
    </FormField>
  );
}

function ListField({ editor, path, name, items }: { editor: Editor; path: Path; name: string; items: Json[] }) {
  const { label, noun } = listNames(editor.sectionId, name);
  const listId = fieldId(editor, path);
  const addId = `${listId}-add`;
  const error = editor.errors[path.join(".")];
  const template = items[0];

  const move = (from: number, to: number) => {
    const next = [...items];
    const [moved] = next.splice(from, 1);
    if (moved === undefined) return;
    next.splice(to, 0, moved);
    editor.set(path, next);
    editor.focusLater(`${listId}-${to}-${to < from ? "up" : "down"}`);
  };
  const remove = (index: number) => {
    editor.set(
      path,
      items.filter((_, i) => i !== index),
    );
    editor.focusLater(addId);
  };
  const add = () => {
    if (template === undefined) return;
    const entry = blank(template);
    editor.set(path, [...items, entry]);
    editor.focusLater(fieldId(editor, firstControl(entry, [...path, items.length])));
  };

  return (
    <fieldset className="fieldset rounded-box border border-base-300 p-3" aria-describedby={error ? `${addId}-error` : undefined}>
      <legend className="fieldset-legend px-1">{label}</legend>
      <ol className="space-y-3">
        {items.map((item, i) => {
          const itemPath = [...path, i];
          const itemName = `${noun} ${i + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the draft is the state, inputs are controlled
            <li key={i} className="rounded-box bg-base-200 p-3">
              {typeof item === "string" ? (
                <TextField editor={editor} path={itemPath} label={itemName} value={item} multiline={isMultiline(name)} />
              ) : Array.isArray(item) ? null : (
                <>
                  <p className="font-semibold">{itemName}</p>
                  <ObjectFields editor={editor} path={itemPath} value={item} />
                </>
              )}
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  id={`${listId}-${i}-up`}
                  type="button"
                  className="btn btn-xs"
                  disabled={i === 0}
                  aria-label={`Move ${itemName.toLowerCase()} up`}
                  onClick={() => move(i, i - 1)}
                >
                  Up
                </button>
                <button
                  id={`${listId}-${i}-down`}
                  type="button"
                  className="btn btn-xs"
                  disabled={i === items.length - 1}
                  aria-label={`Move ${itemName.toLowerCase()} down`}
                  onClick={() => move(i, i + 1)}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="btn btn-xs btn-outline btn-error"
                  disabled={items.length === 1}
                  aria-label={`Remove ${itemName.toLowerCase()}`}
                  onClick={() => remove(i)}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {error && (
        <p id={`${addId}-error`} className="text-sm text-error" role="alert">
          {error}
        </p>
      )}
      <div>
        <button id={addId} type="button" className="btn btn-sm btn-outline mt-1" onClick={add}>
          {`Add ${noun.toLowerCase()}`}
        </button>
      </div>
    </fieldset>
  );
}

/** Every field of an object (a section, or one entry of a list), in the order the section defines. */
export function ObjectFields({ editor, path, value }: { editor: Editor; path: Path; value: JsonObject }) {
  return (
    <div className="space-y-2">
      {Object.entries(value).map(([key, v]) => {
        const at = [...path, key];
        if (typeof v === "string") return <TextField key={key} editor={editor} path={at} label={fieldLabel(key)} value={v} multiline={isMultiline(key)} />;
        if (Array.isArray(v)) return <ListField key={key} editor={editor} path={at} name={key} items={v} />;
        return (
          <fieldset key={key} className="fieldset rounded-box border border-base-300 p-3">
            <legend className="fieldset-legend px-1">{fieldLabel(key)}</legend>
            <ObjectFields editor={editor} path={at} value={v} />
          </fieldset>
        );
      })}
    </div>
  );
}
