/**
 * The confirmation before something is deleted: `ConfirmDialog` in red, its button saying Delete
 * (or `confirmLabel`, where the action is better named otherwise: "Remove").
 */
import type { ReactNode } from "react";
import { ConfirmDialog } from "./ConfirmDialog";

export function ConfirmDeleteDialog({
  confirmLabel = "Delete",
  pendingLabel = "Deleting...",
  ...props
}: {
  title: string;
  /** What will happen, naming the record. */
  children: ReactNode;
  pending: boolean;
  onConfirm: (close: () => void) => void;
  onClose: () => void;
  confirmLabel?: string;
  pendingLabel?: string;
}) {
  return <ConfirmDialog {...props} confirmLabel={confirmLabel} pendingLabel={pendingLabel} tone="danger" />;
}
