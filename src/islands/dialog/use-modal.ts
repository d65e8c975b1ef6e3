/** A native <dialog> opened as a modal on mount: focus stays inside, Escape closes, the page behind is inert. */
import { type RefObject, useEffect, useRef } from "react";

/** Opens the dialog in `ref` when the component mounts; `initialFocus` takes the focus once it is open. */
export function useModal(initialFocus?: RefObject<HTMLElement | null>) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    initialFocus?.current?.focus();
  }, [initialFocus]);
  return { ref, close: () => ref.current?.close() };
}
