/**
 * The portal's request for the password again (decision 027): when the server answers a sensitive
 * change with 403 `reauth_required`, the admin fetch helper asks here, the re-auth dialog (mounted
 * once per admin page) opens, and the answer says whether to send the change again. Requests refused
 * together share one dialog. Plain module state with subscribe/getSnapshot for useSyncExternalStore.
 */

let pending: { promise: Promise<boolean>; resolve: (ok: boolean) => void } | null = null;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/** Opens the dialog (or joins the one open); true once the password was confirmed, false when cancelled. */
export function requestReauth(): Promise<boolean> {
  if (!pending) {
    let resolve: (ok: boolean) => void = () => {};
    const promise = new Promise<boolean>((r) => {
      resolve = r;
    });
    pending = { promise, resolve };
    emit();
  }
  return pending.promise;
}

/** Closes the dialog: `ok` when the server accepted the password, so the refused requests are sent again. */
export function finishReauth(ok: boolean) {
  const done = pending;
  pending = null;
  emit();
  done?.resolve(ok);
}

/** Whether the dialog is asked for (the snapshot the dialog renders from). */
export function reauthRequested(): boolean {
  return pending !== null;
}

export function subscribeReauth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
