/** The Save and Cancel row at the foot of an edit form in a `DialogFrame`, kept in view; Save shows its pending state. */
export function DialogActions({ pending, onCancel, saveLabel = "Save" }: { pending: boolean; onCancel: () => void; saveLabel?: string }) {
  return (
    <div className="sticky bottom-0 -mx-4 -mb-4 mt-4 flex justify-end gap-2 border-t border-base-300 bg-base-100 px-4 py-3 sm:-mx-6 sm:-mb-6 sm:px-6">
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn btn-primary" disabled={pending}>
        {pending ? "Saving..." : saveLabel}
      </button>
    </div>
  );
}
