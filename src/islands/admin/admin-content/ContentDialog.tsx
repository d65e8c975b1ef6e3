/**
 * The edit dialog of one content section: its fields (ContentFields), checked with the section's
 * own schema before anything is sent, then `PUT /api/admin/content/{id}` with the whole section.
 * A refusal from the server puts its messages under the same fields.
 */
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { type ContentSectionView, contentSchemas } from "../../../shared/content";
import { type Editor, fieldId, type Json, type JsonObject, ObjectFields } from "./ContentFields";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { DialogActions } from "../../dialog/DialogActions";
import { toastFailure } from "../parts/toast-failure";

/** `value` with `path` replaced by `next` (copies along the path; the rest is shared). */
function setAt(value: Json, path: (string | number)[], next: Json): Json {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? setAt(item, rest, next) : item));
  if (typeof value === "string") return value;
  return { ...value, [head]: setAt(value[head] ?? "", rest, next) };
}

/** The first message per field of the section's schema, by dotted path ("items.0.title"). */
function check(id: ContentSectionView["id"], draft: JsonObject): { ok: true; content: unknown } | { ok: false; errors: Record<string, string> } {
  const result = contentSchemas[id].safeParse(draft);
  if (result.success) return { ok: true, content: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.map(String).join(".") || "_"] ??= issue.message;
  return { ok: false, errors };
}

function ContentForm({ section, close, onSaved }: { section: ContentSectionView; close: () => void; onSaved: (saved: ContentSectionView) => void }) {
  const [draft, setDraft] = useState<JsonObject>(section.content as JsonObject);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const idBase = useId();
  const focusTarget = useRef<string | null>(null);

  useEffect(() => {
    if (!focusTarget.current) return;
    document.getElementById(focusTarget.current)?.focus();
    focusTarget.current = null;
  });

  const focusFirstError = (found: Record<string, string>) => {
    const [first] = Object.keys(found);
    if (first) focusTarget.current = document.getElementById(fieldId({ idBase }, first)) ? fieldId({ idBase }, first) : `${fieldId({ idBase }, first)}-add`;
  };

  const save = useMutation({
    mutationFn: (content: unknown) => adminRequest<ContentSectionView>("PUT", `/api/admin/content/${encodeURIComponent(section.id)}`, { ...section, content }),
    onSuccess: (saved) => {
      onSaved(saved);
      toast({ title: "Content updated successfully", variant: "success" });
      close();
    },
    onError: (err) => {
      const fields = err instanceof ApiError ? err.fields : undefined;
      if (fields) {
        const mine: Record<string, string> = {};
        for (const [field, message] of Object.entries(fields)) mine[field === "content" ? "_" : field.replace(/^content\./, "")] = message;
        setErrors(mine);
        focusFirstError(mine);
      }
      toastFailure("Failed to save content", err);
    },
  });

  const editor: Editor = {
    sectionId: section.id,
    idBase,
    errors,
    set: (path, value) => {
      const next = setAt(draft, path, value) as JsonObject;
      setDraft(next);
      // Once Save was pressed, messages follow the typing, so a fixed field loses its message at once.
      if (submitted) {
        const result = check(section.id, next);
        setErrors(result.ok ? {} : result.errors);
      }
    },
    focusLater: (id) => {
      focusTarget.current = id;
    },
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    const result = check(section.id, draft);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.content);
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label={`Edit ${section.title}`}>
      {errors._ && (
        <p role="alert" className="alert alert-error mb-2 text-sm">
          {errors._}
        </p>
      )}
      <ObjectFields editor={editor} path={[]} value={draft} />
      <DialogActions pending={save.isPending} onCancel={close} />
    </form>
  );
}

export function ContentDialog({
  section,
  onClose,
  onSaved,
}: {
  section: ContentSectionView;
  onClose: () => void;
  onSaved: (saved: ContentSectionView) => void;
}) {
  const { ref, close } = useModal();
  return (
    <DialogFrame modalRef={ref} close={close} title={`Edit ${section.title}`} onClose={onClose}>
      <ContentForm section={section} close={close} onSaved={onSaved} />
    </DialogFrame>
  );
}
