/**
 * Stands before a record's dialog that may have been opened by its address rather than from the
 * list: when the API answers 404 for the record, the dialog area says so plainly and links back to
 * the list instead. A dialog that loads its record itself renders at once; one that needs the
 * record handed to it waits for it here (unless the list already had it).
 */
import { useQuery } from "@tanstack/react-query";
import type { MouseEvent, ReactNode } from "react";
import { ApiError } from "../../../client/api";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";

export type RecordGateProps<T> = {
  /** The record's API address, also the query key its dialog reads. */
  url: string;
  /** Whether `children` need the record (else they render at once and load it themselves). */
  needsRecord?: boolean;
  /** The record as the list showed it: nothing is asked of the API. */
  known?: T;
  /** Names the record where it cannot be shown ("Order PI-7KQ4-M2XD"). */
  title: string;
  /** Said when no such record exists. */
  missingText: string;
  /** The list's address and its link's text ("Back to orders"). */
  listHref: string;
  listLabel: string;
  onClose: () => void;
  children: (record: T | undefined) => ReactNode;
};

export function RecordGate<T>({ url, needsRecord = false, known, title, missingText, listHref, listLabel, onClose, children }: RecordGateProps<T>) {
  // A record handed to its dialog is read afresh on each opening: the dialog keeps its own copy of
  // any change it makes, so a cached one would be out of date.
  const query = useQuery<T>({ queryKey: [url], enabled: known === undefined, ...(needsRecord ? { gcTime: 0 } : {}) });
  const missing = query.error instanceof ApiError && query.error.status === 404;
  const record = known ?? query.data;
  if (!missing && (!needsRecord || record !== undefined)) return children(record);
  const frame = { title, listHref, listLabel, onClose };
  if (missing) return <RecordPlaceholder {...frame} text={missingText} />;
  if (query.isError) return <RecordPlaceholder {...frame} text={`${title} could not be loaded. Please try again.`} />;
  return <RecordPlaceholder {...frame} />;
}

/** The dialog in a record's place: its message and the way back to the list, or a skeleton while it loads. */
function RecordPlaceholder({
  title,
  text,
  listHref,
  listLabel,
  onClose,
}: {
  title: string;
  text?: string;
  listHref: string;
  listLabel: string;
  onClose: () => void;
}) {
  const { ref, close } = useModal();
  // The link closes the dialog, which takes the address back to the list's with its filters.
  const backToList = (e: MouseEvent) => {
    e.preventDefault();
    close();
  };
  return (
    <DialogFrame modalRef={ref} title={title} onClose={onClose} close={close}>
      {text === undefined ? (
        <div className="skeleton h-48 w-full" aria-hidden="true" />
      ) : (
        <>
          <p role="alert">{text}</p>
          <a href={listHref} className="btn btn-outline btn-sm" onClick={backToList}>
            {listLabel}
          </a>
        </>
      )}
    </DialogFrame>
  );
}
