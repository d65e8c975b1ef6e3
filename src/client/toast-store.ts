/**
 * The toast store shared by every island: one toast at a time (a new one replaces the old),
 * auto-closing after 5 s. Plain module state with subscribe/getSnapshot for useSyncExternalStore.
 */

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "destructive" | "success";
  /** A link to where the toast's news can be seen ("View cart"), shown as a button in the toast. */
  action?: { label: string; href: string };
  open: boolean;
};

export const toastDurationMs = 5000;
/** How long a dismissed toast stays in the list for its exit (1,000,000 ms, as the original toaster kept it). */
export const toastRemoveDelayMs = 1_000_000;

let current: Toast | null = null;
let nextId = 1;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let removeTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Shows a toast, replacing any toast already shown. */
export function toast(input: Omit<Toast, "id" | "open">): number {
  clearTimeout(closeTimer);
  clearTimeout(removeTimer);
  const id = nextId++;
  current = { ...input, id, open: true };
  closeTimer = setTimeout(() => dismissToast(id), toastDurationMs);
  emit();
  return id;
}

/**
 * Keeps the toast with `id` open while the pointer or the keyboard focus is on it (so its action
 * can be reached); `release` starts its full time again.
 */
export function holdToast(id: number, held: boolean) {
  if (!current || current.id !== id || !current.open) return;
  clearTimeout(closeTimer);
  if (!held) closeTimer = setTimeout(() => dismissToast(id), toastDurationMs);
}

/** Closes the toast with `id` (or the current one). */
export function dismissToast(id?: number) {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(closeTimer);
  current = { ...current, open: false };
  const closedId = current.id;
  removeTimer = setTimeout(() => {
    if (current?.id === closedId) {
      current = null;
      emit();
    }
  }, toastRemoveDelayMs);
  emit();
}

export function subscribeToasts(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToast(): Toast | null {
  return current;
}
