/**
 * "Add another booking of this customer": the booking's reference, sent to
 * POST /api/admin/cases/{ref}/gather. The booking then opens this room too; what its own room held
 * (messages, files, updates) moves here and that room is gone (decision 079).
 */
import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { FormField, hintAndErrorProps } from "../../../components/FormField";
import { DialogActions } from "../../dialog/DialogActions";
import { DialogFrame } from "../../dialog/DialogFrame";
import { useModal } from "../../dialog/use-modal";
import { type CaseRoomView, caseGatherSchema } from "../../../shared/case-room";
import { toastFailure } from "../parts/toast-failure";

export type GatherDialogProps = {
  reference: string;
  onClose: () => void;
  onGathered: (room: CaseRoomView) => void;
};

export function GatherDialog({ reference, onClose, onGathered }: GatherDialogProps) {
  const field = useRef<HTMLInputElement>(null);
  const { ref, close } = useModal(field);
  const base = useId();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();

  const gather = useMutation({
    mutationFn: (bookingReference: string) =>
      adminRequest<CaseRoomView>("POST", `/api/admin/cases/${encodeURIComponent(reference)}/gather`, { bookingReference }),
    onSuccess: (room, bookingReference) => {
      toast({ title: "Booking added", description: `${bookingReference} now opens this case room.`, variant: "success" });
      onGathered(room);
      close();
    },
    onError: (err) => {
      const message =
        err instanceof ApiError ? (err.fields?.bookingReference ?? (err.status === 404 || err.status === 409 ? err.serverMessage : undefined)) : undefined;
      if (message) {
        setError(message);
        field.current?.focus();
      }
      toastFailure("Booking not added", err);
    },
  });

  const submit = () => {
    const checked = caseGatherSchema.safeParse({ bookingReference: value });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      field.current?.focus();
      return;
    }
    setError(undefined);
    gather.mutate(checked.data.bookingReference.toUpperCase());
  };

  const id = `${base}reference`;
  return (
    <DialogFrame
      modalRef={ref}
      close={close}
      title="Add another booking"
      subtitle={<p className="text-sm">{`Into case room ${reference}`}</p>}
      width="narrow"
      onClose={onClose}
    >
      <form
        noValidate
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <FormField
          id={id}
          label="Booking reference"
          error={error}
          hint="Another booking of the same customer, such as BK-7KQ4-M2XD. If it has a case room of its own, its messages and files move here."
          hintStays
        >
          <input
            ref={field}
            id={id}
            className="input w-full font-mono uppercase"
            autoComplete="off"
            spellCheck={false}
            maxLength={40}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            {...hintAndErrorProps(id, error)}
          />
        </FormField>
        <DialogActions pending={gather.isPending} onCancel={close} saveLabel="Add booking" />
      </form>
    </DialogFrame>
  );
}
