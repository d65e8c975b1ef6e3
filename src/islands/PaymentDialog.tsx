/**
 * A service card's Select button (or a booking's Pay button on the dashboard) and its payment dialog. Before hydration (and with JavaScript
 * off) the button is a link to the contact form with the service chosen; the island hydrates on
 * first interaction, replaying the click, which then opens the dialog instead.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { PaymentModal } from "./payment-dialog/PaymentModal";
import type { PaymentDialogProps } from "./payment-dialog/types";

export type { PaymentDialogProps } from "./payment-dialog/types";

export default function PaymentDialog(props: PaymentDialogProps) {
  const { service, fallbackHref, triggerLabel, triggerClassName } = props;
  const [enhanced, setEnhanced] = useState(false);
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLAnchorElement>(null);

  // After hydration the link acts as a button; the server's markup (a plain link) stays the same until then.
  useEffect(() => setEnhanced(true), []);

  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    // A modified click (new tab, new window) still follows the link to the contact form.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    setOpen(true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLAnchorElement>) => {
    if (e.key === " ") {
      e.preventDefault();
      setOpen(true);
    }
  };
  const onClose = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  return (
    <>
      <a
        ref={trigger}
        href={fallbackHref}
        className={triggerClassName ?? "btn btn-primary w-full"}
        data-service-id={service.id}
        onClick={onClick}
        {...(enhanced ? { role: "button", "aria-haspopup": "dialog" as const, onKeyDown } : {})}
      >
        {triggerLabel ?? `Select ${service.name}`}
      </a>
      {open && <PaymentModal {...props} onClose={onClose} />}
    </>
  );
}
