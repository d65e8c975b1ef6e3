/** The confirmation before suspending a user: what it does, Cancel, and the Suspend button with its pending state. */
import { type AdminUserView, adminUserName } from "../../../shared/admin-users";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { EmailLine } from "./UserDetailsDialog";

export type SuspendDialogProps = {
  user: AdminUserView;
  pending: boolean;
  onConfirm: (close: () => void) => void;
  onClose: () => void;
};

export function SuspendDialog({ user, pending, onConfirm, onClose }: SuspendDialogProps) {
  const name = adminUserName(user);
  const { ref, close } = useModal();
  return (
    <DialogFrame
      modalRef={ref}
      close={close}
      title={`Suspend ${name}?`}
      subtitle={<EmailLine email={user.email} />}
      width="narrow"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancel
          </button>
          <button type="button" className="btn btn-error" disabled={pending} onClick={() => onConfirm(close)}>
            {pending ? "Suspending..." : "Suspend user"}
          </button>
        </>
      }
    >
      <p>They are signed out everywhere at once and cannot sign in or book until you reinstate them. Their bookings and orders stay as they are.</p>
    </DialogFrame>
  );
}
