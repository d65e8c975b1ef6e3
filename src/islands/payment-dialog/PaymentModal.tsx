/** The dialog itself, in the shared `DialogFrame`: the price summary, five tabs starting on Instructions, and the footer. */
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useForm } from "react-hook-form";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { Icon } from "../../components/icons";
import { DialogFrame } from "../dialog/DialogFrame";
import { useModal } from "../dialog/use-modal";
import { paymentEmailSchema, type PaymentEmailValues } from "../../shared/payment";
import { CashPanel } from "./CashPanel";
import { CryptoPanel } from "./CryptoPanel";
import { InstructionsPanel } from "./InstructionsPanel";
import { OtherPanel } from "./OtherPanel";
import { PayPalPanel } from "./PayPalPanel";
import { PriceSummary } from "./PriceSummary";
import { type PaymentDialogProps, type PaymentTab, paymentTarget } from "./types";

const tabs: { id: PaymentTab; label: string }[] = [
  { id: "instructions", label: "Instructions" },
  { id: "paypal", label: "PayPal" },
  { id: "crypto", label: "Crypto" },
  { id: "cash", label: "Cash" },
  { id: "other", label: "Other" },
];

export function PaymentModal({ onClose, ...props }: PaymentDialogProps & { onClose: () => void }) {
  const tabRefs = useRef(new Map<PaymentTab, HTMLButtonElement>());
  const [active, setActive] = useState<PaymentTab>("instructions");
  const base = useId();
  // One e-mail for both requests (instructions, cash), kept while the client switches tabs.
  const emailForm = useForm<PaymentEmailValues, unknown, PaymentEmailValues>({
    resolver: standardSchemaResolver(paymentEmailSchema),
    defaultValues: { email: "" },
  });

  const { ref, close } = useModal();
  // One object for the dialog's life, so PayPal's buttons are not rendered again on every render.
  const [target] = useState(() => paymentTarget(props));

  const select = (id: PaymentTab) => {
    setActive(id);
    tabRefs.current.get(id)?.focus();
  };
  // Arrow keys, Home and End move between tabs and select them (WAI-ARIA tabs, automatic activation).
  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = tabs.findIndex((t) => t.id === active);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    if (!tab) throw new Error("tab index out of range");
    select(tab.id);
  };

  return (
    <DialogFrame
      modalRef={ref}
      close={close}
      title={props.service.name}
      titleClassName="text-xl font-bold break-words sm:text-2xl"
      eyebrow={<p className="text-sm font-semibold uppercase tracking-wide text-base-content/80">Secure payment</p>}
      onClose={onClose}
      footer={
        <>
          <ul className="me-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-base-content/80" aria-label="Our promise">
            <li className="flex items-center gap-1">
              <Icon name="lock" className="size-4" />
              Secure
            </li>
            <li className="flex items-center gap-1">
              <Icon name="shield" className="size-4" />
              Confidential
            </li>
            <li className="flex items-center gap-1">
              <Icon name="award" className="size-4" />
              Professional
            </li>
          </ul>
          <button type="button" className="btn btn-ghost" onClick={close}>
            Cancel
          </button>
        </>
      }
    >
      <PriceSummary service={props.service} />

      <div role="tablist" aria-label="Payment method" className="tabs tabs-box tabs-sm">
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              if (el) tabRefs.current.set(t.id, el);
              else tabRefs.current.delete(t.id);
            }}
            type="button"
            role="tab"
            id={`${base}tab-${t.id}`}
            aria-selected={active === t.id}
            aria-controls={`${base}panel-${t.id}`}
            tabIndex={active === t.id ? 0 : -1}
            className={`tab ${active === t.id ? "tab-active" : "text-base-content/80"}`}
            onClick={() => setActive(t.id)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>

      {tabs.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${base}panel-${t.id}`}
          aria-labelledby={`${base}tab-${t.id}`}
          hidden={active !== t.id}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs pattern: the panel takes focus so keyboard and screen-reader users reach its content even when it starts with no focusable element
          tabIndex={0}
          className="outline-offset-4"
        >
          {active === t.id && t.id === "instructions" && <InstructionsPanel {...props} emailForm={emailForm} onRequested={close} />}
          {active === t.id && t.id === "paypal" && <PayPalPanel service={props.service} target={target} clientId={props.paypalClientId} onPaid={close} />}
          {active === t.id && t.id === "crypto" && (
            <CryptoPanel service={props.service} addresses={props.cryptoAddresses} discountPercent={props.cryptoDiscountPercent} />
          )}
          {active === t.id && t.id === "cash" && <CashPanel {...props} emailForm={emailForm} />}
          {active === t.id && t.id === "other" && <OtherPanel service={props.service} contact={props.contact} />}
        </div>
      ))}
    </DialogFrame>
  );
}
