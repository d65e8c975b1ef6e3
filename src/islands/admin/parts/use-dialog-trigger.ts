/**
 * Which dialog of a list page is open, with the button that opened it: closing the dialog puts the
 * focus back on that button, or on `heading` (the page's) when its row is gone.
 */
import { type RefObject, useState } from "react";

export function useDialogTrigger<O extends { trigger?: HTMLElement }>(heading: RefObject<HTMLElement | null>) {
  const [open, setOpen] = useState<O | null>(null);
  const closeDialog = () => {
    const trigger = open?.trigger;
    setOpen(null);
    if (trigger?.isConnected) trigger.focus();
    else heading.current?.focus();
  };
  return { open, setOpen, closeDialog };
}
