/**
 * Keeps the page's address in step with a list's open record, so a record can be bookmarked,
 * shared and reached with the browser's buttons: opening a record from the list pushes its address
 * (`/admin/orders/pi-…`, keeping the list's query string so the filters survive); closing its
 * dialog returns to the list's address (back through history when the record was pushed, else by
 * replacing it); Back closes the dialog and Forward opens it again. A page served at a record's
 * address opens that record's dialog at once.
 */
import { type RefObject, useEffect, useRef } from "react";
import { type AdminRecordList, adminListPath, adminRecordKeyOfPath, adminRecordPath } from "../../../shared/admin-records";
import { useDialogTrigger } from "./use-dialog-trigger";

/** Marks the history entries pushed for a record: closing one goes back to the list's entry before it. */
const pushedRecord = "adminRecord";

/**
 * The address for a list's query string `search`: the list's own path, or the open record's path
 * while the address shows one, so a list that writes its filters never drops the record's address.
 */
export function listAddress(listPath: string, search: string): string {
  const path = location.pathname;
  return (path.startsWith(`${listPath}/`) ? path : listPath) + search;
}

/**
 * `openRecord` (from the server) is opened on mount; `show` and `hide` are how the browser's
 * buttons open and close a record's dialog. The island calls `opened` when the list opens a record
 * and `closed` when the owner closes its dialog.
 */
export function useRecordAddress(list: AdminRecordList, openRecord: string | null, dialog: { show: (key: string) => void; hide: () => void }) {
  const latest = useRef(dialog);
  latest.current = dialog;
  // The record the address names; popstate only acts when the address names another.
  const shown = useRef<string | null>(openRecord);

  useEffect(() => {
    if (openRecord) latest.current.show(openRecord);
    const onPopState = () => {
      const key = adminRecordKeyOfPath(list, location.pathname);
      if (key === shown.current) return;
      shown.current = key;
      if (key) latest.current.show(key);
      else latest.current.hide();
    };
    addEventListener("popstate", onPopState);
    return () => removeEventListener("popstate", onPopState);
  }, [list, openRecord]);

  return {
    /** The list opened the record `key`: the address becomes the record's. */
    opened(key: string) {
      shown.current = key;
      history.pushState({ [pushedRecord]: true }, "", adminRecordPath(list, key) + location.search);
    },
    /** The owner closed the record's dialog: the address returns to the list's. */
    closed() {
      if (shown.current === null) return;
      shown.current = null;
      if ((history.state as Record<string, unknown> | null)?.[pushedRecord]) history.back();
      else history.replaceState(null, "", adminListPath(list) + location.search);
    },
  };
}

/**
 * `useDialogTrigger` for a list whose records have addresses: `toOpen` turns a record key from the
 * address into the open dialog (without a trigger: closing it focuses `heading`), `openFromList`
 * opens one from a row and `closeRecord` is the dialog's `onClose`.
 */
export function useRecordDialog<O extends { trigger?: HTMLElement }>(
  list: AdminRecordList,
  openRecord: string | null,
  heading: RefObject<HTMLElement | null>,
  toOpen: (key: string) => O,
) {
  const { open, setOpen, closeDialog } = useDialogTrigger<O>(heading);
  const address = useRecordAddress(list, openRecord, { show: (key) => setOpen(toOpen(key)), hide: closeDialog });
  return {
    open,
    openFromList(key: string, opened: O) {
      setOpen(opened);
      address.opened(key);
    },
    closeRecord() {
      closeDialog();
      address.closed();
    },
  };
}
