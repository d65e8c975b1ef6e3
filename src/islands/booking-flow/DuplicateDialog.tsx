/** The question before a second booking of the same package on the same day: the server's words, keep the first or book again. */
import { useRef } from "react";
import { DialogFrame } from "../dialog/DialogFrame";
import { useModal } from "../dialog/use-modal";

export function DuplicateDialog({ message, pending, onConfirm, onClose }: { message: string; pending: boolean; onConfirm: () => void; onClose: () => void }) {
  // Focus starts on the safe choice.
  const keep = useRef<HTMLButtonElement>(null);
  const { ref, close } = useModal(keep);
  return (
    <DialogFrame
      modalRef={ref}
      close={close}
      title="Book this package twice that day?"
      width="narrow"
      onClose={onClose}
      footer={
        <>
          <button ref={keep} type="button" className="btn btn-ghost" onClick={close}>
            No, keep one booking
          </button>
          <button type="button" className="btn btn-primary" disabled={pending} onClick={onConfirm}>
            {pending ? "Booking..." : "Yes, book it again"}
          </button>
        </>
      }
    >
      <p data-testid="duplicate-message">{message}</p>
    </DialogFrame>
  );
}
