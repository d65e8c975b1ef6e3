/**
 * The dialog itself, in the shared `DialogFrame`: the price summary, for a booking the choice of
 * paying in full or by a plan (or, once a plan is chosen, its next instalment), five tabs starting
 * on Instructions, and the footer. Every tab asks for what is paid now: the whole price, or the
 * instalment.
 */
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useForm } from "react-hook-form";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { Icon } from "../../components/icons";
import { DialogFrame } from "../dialog/DialogFrame";
import { useModal } from "../dialog/use-modal";
import { bookingOffer } from "../../domain/booking-payment";
import { formatMoneyWithCode } from "../../domain/format";
import { planOfferedForService } from "../../domain/payment-plan";
import { centsToDecimal, toCents } from "../../domain/pricing";
import type { ServiceOffer } from "../../domain/payment";
import { paymentEmailSchema, type PaymentEmailValues } from "../../shared/payment";
import type { PlanInstalmentChoice } from "../../shared/payment-plan";
import { CashPanel } from "./CashPanel";
import { CryptoPanel } from "./CryptoPanel";
import { InstructionsPanel } from "./InstructionsPanel";
import { OtherPanel, type OtherPlans } from "./OtherPanel";
import { PayPalPanel } from "./PayPalPanel";
import { NextInstalment, PlanChoice } from "./PlanChoice";
import { nextInstalment, paymentOfText } from "./plan-text";
import { PriceSummary } from "./PriceSummary";
import { type PaymentDialogProps, type PaymentTab, type PlanPart, paymentTarget } from "./types";

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
  const plan = props.plan ?? null;
  const owed = plan ? nextInstalment(plan) : null;
  // The choice is offered only until a plan is made; then each payment is the plan's next instalment.
  const options = props.bookingId && !plan ? (props.planOptions ?? []) : [];
  const [choice, setChoice] = useState<PlanInstalmentChoice>(1);
  const chosen = options.find((o) => o.count === choice);
  // One object per choice, so PayPal's buttons are not rendered again on every render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the booking and service are fixed for the dialog's life; only the choice changes it
  const target = useMemo(() => paymentTarget(props, choice), [choice]);
  // What is paid now: the next instalment of the plan, the first of the plan chosen, else (null) the whole price.
  const part: PlanPart | null = owed && plan ? { number: owed.number, of: plan.count } : chosen ? { number: 1, of: chosen.count } : null;
  const amountNow = owed ? owed.amount : (chosen?.amounts[0] ?? null);
  const { service: whole, cryptoDiscountPercent } = props;
  const service = useMemo(() => (amountNow ? instalmentOffer(whole, amountNow, cryptoDiscountPercent) : whole), [amountNow, whole, cryptoDiscountPercent]);

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
      {plan && owed && <NextInstalment plan={plan} instalment={owed} />}
      {options.length > 0 && (
        <PlanChoice
          total={centsToDecimal(toCents(props.service.amountDue) ?? 0)}
          currency={props.service.currency}
          options={options}
          value={choice}
          onChange={setChoice}
        />
      )}
      {part && (
        <p className="text-sm font-semibold" data-testid="dialog-due-now">
          {`${paymentOfText(part)}: ${formatMoneyWithCode(service.amountDue, service.currency)} now.`}
        </p>
      )}

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
          {active === t.id && t.id === "instructions" && (
            <InstructionsPanel target={target} part={part} accountEmail={props.accountEmail} emailForm={emailForm} onRequested={close} />
          )}
          {active === t.id && t.id === "paypal" && <PayPalPanel service={service} target={target} clientId={props.paypalClientId} part={part} onPaid={close} />}
          {active === t.id && t.id === "crypto" && (
            <CryptoPanel service={service} addresses={props.cryptoAddresses} discountPercent={props.cryptoDiscountPercent} />
          )}
          {active === t.id && t.id === "cash" && (
            <CashPanel service={service} target={target} part={part} accountEmail={props.accountEmail} emailForm={emailForm} />
          )}
          {active === t.id && t.id === "other" && (
            <OtherPanel service={props.service} contact={props.contact} plans={otherPlans(props, plan !== null, options.length > 0)} />
          )}
        </div>
      ))}
    </DialogFrame>
  );
}

/** What one instalment of a booking costs, as the tabs show it (the crypto price is taken off the instalment). */
function instalmentOffer(service: ServiceOffer, amount: string, cryptoDiscountPercent: number): ServiceOffer {
  return bookingOffer(
    { id: service.id, serviceId: service.id, serviceName: service.name, servicePrice: amount, originalPrice: null },
    cryptoDiscountPercent,
    service.currency,
  );
}

/**
 * What the Other tab says of plans: for a booking, that the choice is at the top (or nothing, once
 * chosen or when not offered); for a service not yet booked, how it would split, only when its
 * booking would be offered a plan (plans promised, this service, at least the smallest price).
 */
function otherPlans(props: PaymentDialogProps, chosen: boolean, offered: boolean): OtherPlans {
  if (props.bookingId) return chosen ? "chosen" : offered ? "above" : "none";
  const rule = props.planRule;
  if (!props.plansPromised || !rule || !planOfferedForService(rule.serviceIds, props.service.id)) return "none";
  const minimum = toCents(rule.minimum);
  const due = toCents(props.service.amountDue);
  return minimum !== null && due !== null && due >= minimum ? "service" : "none";
}
