/**
 * The settings form: every setting in its section, checked as the owner types with the rules of
 * `PUT /api/admin/settings` (shared/admin-settings.ts), sending only what changed. The server's
 * messages land under their fields too; leaving with unsaved changes asks first.
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { get, useForm } from "react-hook-form";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { backupIntervals } from "../../../domain/backups";
import { currencies, currencyNames } from "../../../domain/currency";
import { settingLabels } from "../../../shared/admin-settings";
import type { SettingKey, Settings } from "../../../shared/settings";
import { FormField, hintAndErrorProps } from "../../../components/FormField";
import { Section } from "./Section";
import { settingsResolver } from "./settings-resolver";
import { useLeaveWarning } from "./use-leave-warning";
import { toastFailure } from "../parts/toast-failure";
import { SubmitButton } from "../parts/SubmitButton";

type Input = { key: SettingKey; hint: string; type?: "text" | "tel" | "email" | "number"; step?: string; auto?: string };

const business: Input[] = [
  { key: "businessName", hint: "Shown in the header, the footer, e-mails and invoices." },
  { key: "abn", hint: "11 digits, printed on tax invoices. Until it is entered, invoices are not tax invoices." },
  { key: "phone", type: "tel", hint: "Shown on the contact and booking pages." },
  { key: "email", type: "email", hint: "Where enquiries are sent and customers reply." },
  { key: "signal", type: "tel", hint: "Leave empty to hide Signal on the contact page." },
  { key: "whatsapp", type: "tel", hint: "Leave empty to hide WhatsApp on the contact page." },
  { key: "messenger", hint: "Your Messenger name; leave empty to hide it." },
  { key: "streetAddress", hint: "For search engines only (Adelaide, SA is added). Leave empty to leave it out." },
  { key: "postalCode", hint: "4 digits, such as 5000. Leave empty to leave it out." },
];
const crypto: Input[] = [
  { key: "btcAddress", hint: "Starts with bc1, 1 or 3. Leave empty to hide Bitcoin." },
  { key: "ethAddress", hint: "0x and 40 hexadecimal characters. Leave empty to hide Ethereum." },
  { key: "usdcSolAddress", hint: "32 to 44 characters on the Solana network. Leave empty to hide USDC." },
];
const bank: Input[] = [
  { key: "bankAccountName", hint: "The name on the account shop customers pay by bank transfer." },
  { key: "bankBsb", hint: "6 digits, such as 065-000." },
  { key: "bankAccountNumber", hint: "5 to 10 digits. Leave empty to ask customers to reply for the details." },
];
const prices: Input[] = [
  { key: "newClientDiscountPercent", type: "number", step: "0.01", hint: "Off a new client's bookings, 0 to 90; the home page's offer says this figure." },
  { key: "cryptoDiscountPercent", type: "number", step: "0.01", hint: "Off a payment in crypto, 0 to 90." },
  { key: "freeShippingThreshold", type: "number", step: "0.01", hint: "Shop orders of this subtotal and over ship free." },
  { key: "flatShippingFee", type: "number", step: "0.01", hint: "Charged on shop orders under the threshold." },
];
const orders: Input[] = [
  { key: "manualOrderHoldDays", type: "number", step: "1", hint: "How long an unpaid order paid by crypto or bank transfer holds its stock, 1 to 30 days." },
  { key: "paypalOrderHoldMinutes", type: "number", step: "1", hint: "How long an order awaiting PayPal holds its stock, 10 to 1440 minutes." },
  { key: "maxOpenOrders", type: "number", step: "1", hint: "How many unpaid orders one customer may have open at once, 1 to 20." },
  {
    key: "maxUnitsPerProduct",
    type: "number",
    step: "1",
    hint: "The most of one product a customer may have in the cart and in unpaid orders together, 1 to 999.",
  },
];
const bookings: Input[] = [
  { key: "maxPendingBookings", type: "number", step: "1", hint: "How many pending bookings one customer may hold at once." },
  {
    key: "rescheduleCutoffHours",
    type: "number",
    step: "1",
    hint: "Customers may move a booking to another time until this many hours before it, 0 to 336.",
  },
  { key: "responseTimeHours", type: "number", step: "1", hint: "The reply time customers are promised, 1 to 72 hours." },
];
const mail: Input[] = [
  {
    key: "customerMailPerHour",
    type: "number",
    step: "1",
    hint: "At most this many e-mails in an hour to one customer address, 1 to 50; beyond it the form asking for one says so.",
  },
  {
    key: "reviewInviteDays",
    type: "number",
    step: "1",
    hint: "This many days after an order is delivered, the customer is asked once to review what they bought, 0 to 60; 0 sends no invitations.",
  },
];

/** The alerts the business gets by e-mail, each a toggle (on by default); an emergency enquiry is always e-mailed. */
const alerts: { key: SettingKey; text: string }[] = [
  { key: "alertNewEnquiries", text: "E-mail me every new enquiry (an emergency enquiry is always e-mailed at once)" },
  { key: "alertNewOrders", text: "E-mail me every new shop order" },
  { key: "alertNewBookings", text: "E-mail me every new booking" },
  { key: "alertCustomerCancellations", text: "E-mail me when a customer cancels a booking or an order" },
];

const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function timeZones(): string[] {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
}

export function SettingsForm({ initial, onSaved }: { initial: Settings; onSaved: (saved: Settings) => void }) {
  const saved = useRef(initial);
  const { register, handleSubmit, setError, reset, watch, setValue, formState } = useForm<Settings, unknown, Partial<Settings>>({
    resolver: settingsResolver(() => saved.current),
    defaultValues: initial,
  });
  useLeaveWarning(formState.isDirty);

  const save = useMutation({
    mutationFn: (changed: Partial<Settings>) => adminRequest<Settings>("PUT", "/api/admin/settings", changed),
    onSuccess: (next) => {
      saved.current = next;
      reset(next);
      onSaved(next);
      toast({ title: "Settings saved", variant: "success" });
    },
    onError: (err) => {
      let focused = false;
      for (const [path, message] of Object.entries(err instanceof ApiError ? (err.fields ?? {}) : {})) {
        setError(path as keyof Settings, { type: "server", message }, { shouldFocus: !focused });
        focused = true;
      }
      toastFailure("Failed to save settings", err);
    },
  });

  const error = (path: string) => (get(formState.errors, path) as { message?: string } | undefined)?.message;
  /** The weekdays' error: on the list, or on one of its entries (a weekday out of range). */
  const daysErrors = get(formState.errors, "businessHours.days") as { message?: string } | { message?: string }[] | undefined;
  // Stable ids, so the dashboard's checklist can link straight to a field (/admin/settings#setting-phone).
  const id = (key: string) => `setting-${key}`;
  useEffect(() => {
    const target = location.hash.startsWith("#setting-") ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target instanceof HTMLElement) {
      target.scrollIntoView({ block: "center" });
      target.focus();
    }
  }, []);

  const input = ({ key, hint, type = "text", step, auto }: Input) => {
    const fieldId = id(key);
    const numeric = type === "number";
    return (
      <FormField hintStays key={key} id={fieldId} label={settingLabels[key]} hint={hint} error={error(key)}>
        <input
          id={fieldId}
          type={type}
          step={step}
          inputMode={numeric ? (step === "1" ? "numeric" : "decimal") : undefined}
          autoComplete={auto ?? "off"}
          spellCheck={false}
          className="input w-full"
          {...hintAndErrorProps(fieldId, error(key))}
          {...register(key, numeric ? { valueAsNumber: true } : {})}
        />
      </FormField>
    );
  };

  const days = watch("businessHours.days") ?? [];
  const toggleDay = (day: number, on: boolean) => {
    const next = on ? [...days.filter((d) => d !== day), day].sort((a, b) => a - b) : days.filter((d) => d !== day);
    setValue("businessHours.days", next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  const daysError = daysErrors ? (Array.isArray(daysErrors) ? daysErrors.find((e) => e?.message)?.message : daysErrors.message) : undefined;
  const zones = timeZones();
  const currency = watch("currency");

  return (
    <form noValidate aria-label="Business settings" className="space-y-6" onSubmit={handleSubmit((changed) => save.mutate(changed))}>
      <Section
        id={id("business")}
        title="Business and contact"
        intro="How customers see and reach the business. An empty Signal, WhatsApp or Messenger is hidden."
      >
        {business.map(input)}
      </Section>

      <Section id={id("payments")} title="Payments" intro="An empty crypto address hides that coin at checkout and in payment e-mails.">
        {crypto.map(input)}
      </Section>
      <Section id={id("bank")} title="Bank account" intro="For shop orders paid by bank transfer.">
        {bank.map(input)}
      </Section>

      <Section id={id("prices")} title="Prices and shipping" intro={`Amounts are in ${currencyNames[currency] ?? currency}, tax-inclusive.`}>
        <FormField
          hintStays
          id={id("currency")}
          label={settingLabels.currency}
          hint="Every price, payment, invoice and export is in this currency; orders already placed keep theirs."
          error={error("currency")}
        >
          <select id={id("currency")} className="select w-full" {...hintAndErrorProps(id("currency"), error("currency"))} {...register("currency")}>
            {currencies.map((c) => (
              <option key={c} value={c}>{`${c}: ${currencyNames[c]}`}</option>
            ))}
          </select>
        </FormField>
        {prices.map(input)}
        <div className="fieldset">
          <span className="fieldset-legend">{settingLabels.gstEnabled}</span>
          <label htmlFor={id("gstEnabled")} className="label cursor-pointer gap-2 text-base-content">
            <input id={id("gstEnabled")} type="checkbox" className="toggle" aria-describedby={`${id("gstEnabled")}-hint`} {...register("gstEnabled")} />
            Record the GST included in shop orders
          </label>
          <p id={`${id("gstEnabled")}-hint`} className="label whitespace-normal">
            Prices stay the same; an order shows the GST they include.
          </p>
        </div>
      </Section>

      <Section id={id("orders")} title="Orders" intro="Unpaid shop orders are cancelled, and their stock released, after these times.">
        {orders.map(input)}
      </Section>

      <Section id={id("bookings")} title="Bookings" intro="Booking times are offered in the business timezone, within the business hours.">
        <FormField hintStays id={id("timezone")} label={settingLabels.timezone} hint="An IANA timezone, such as Australia/Adelaide." error={error("timezone")}>
          <input
            id={id("timezone")}
            type="text"
            list={zones.length ? `${id("timezone")}-zones` : undefined}
            autoComplete="off"
            spellCheck={false}
            className="input w-full"
            {...hintAndErrorProps(id("timezone"), error("timezone"))}
            {...register("timezone")}
          />
          {zones.length > 0 && (
            <datalist id={`${id("timezone")}-zones`}>
              {zones.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          )}
        </FormField>
        <FormField hintStays id={id("slotMinutes")} label="Slot length (minutes)" hint="15 to 240 minutes." error={error("businessHours.slotMinutes")}>
          <input
            id={id("slotMinutes")}
            type="number"
            step="15"
            inputMode="numeric"
            className="input w-full"
            {...hintAndErrorProps(id("slotMinutes"), error("businessHours.slotMinutes"))}
            {...register("businessHours.slotMinutes", { valueAsNumber: true })}
          />
        </FormField>
        <FormField hintStays id={id("start")} label="Day starts" hint="HH:MM, 24-hour clock." error={error("businessHours.start")}>
          <input
            id={id("start")}
            type="time"
            className="input w-full"
            {...hintAndErrorProps(id("start"), error("businessHours.start"))}
            {...register("businessHours.start")}
          />
        </FormField>
        <FormField hintStays id={id("end")} label="Day ends" hint="After the start, with room for one slot." error={error("businessHours.end")}>
          <input
            id={id("end")}
            type="time"
            className="input w-full"
            {...hintAndErrorProps(id("end"), error("businessHours.end"))}
            {...register("businessHours.end")}
          />
        </FormField>
        <fieldset className="fieldset sm:col-span-2" aria-describedby={`${id("days")}-hint${daysError ? ` ${id("days")}-error` : ""}`}>
          <legend className="fieldset-legend">Open on</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {weekdays.map((name, day) => (
              <label key={name} className="label cursor-pointer gap-2 text-base-content">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={days.includes(day)}
                  onChange={(e) => toggleDay(day, e.currentTarget.checked)}
                />
                {name}
              </label>
            ))}
          </div>
          <p id={`${id("days")}-hint`} className="label whitespace-normal">
            Weekdays with booking times. Tick at least one.
          </p>
          {daysError && (
            <p id={`${id("days")}-error`} className="text-sm text-error" role="alert">
              {daysError}
            </p>
          )}
        </fieldset>
        {bookings.map(input)}
      </Section>

      <Section id={id("mail")} title="E-mail" intro="So that nobody can use the site's forms to flood someone's inbox.">
        {mail.map(input)}
      </Section>

      <Section
        id={id("alerts")}
        title="Alerts"
        intro="What the business e-mail address is told at once, and an optional daily summary of the dashboard's to-do list."
      >
        <div className="space-y-1 sm:col-span-2">
          {alerts.map(({ key, text }) => (
            <label key={key} htmlFor={id(key)} className="label flex cursor-pointer gap-2 whitespace-normal py-1 text-base-content">
              <input id={id(key)} type="checkbox" className="toggle" {...register(key)} />
              {text}
            </label>
          ))}
        </div>
        <div className="fieldset">
          <span className="fieldset-legend">{settingLabels.dailyDigest}</span>
          <label htmlFor={id("dailyDigest")} className="label cursor-pointer gap-2 whitespace-normal text-base-content">
            <input id={id("dailyDigest")} type="checkbox" className="toggle" aria-describedby={`${id("dailyDigest")}-hint`} {...register("dailyDigest")} />
            E-mail me the to-do list every day
          </label>
          <p id={`${id("dailyDigest")}-hint`} className="label whitespace-normal">
            Once a day, at the digest hour in the business timezone; nothing is sent on a day with nothing to do.
          </p>
        </div>
        {input({ key: "dailyDigestHour", type: "number", step: "1", hint: "0 to 23, such as 8 for 8 am." })}
      </Section>

      <Section
        id={id("backups")}
        title="Backups"
        intro="The site backs itself up into its data folder (the last 7 days and 4 weeks are kept) and checks each copy; a failure shows on the dashboard."
      >
        <FormField
          hintStays
          id={id("backupEveryHours")}
          label={settingLabels.backupEveryHours}
          hint="Once a day is enough for most businesses; more often loses less if the server is lost."
          error={error("backupEveryHours")}
        >
          <select
            id={id("backupEveryHours")}
            className="select w-full"
            {...hintAndErrorProps(id("backupEveryHours"), error("backupEveryHours"))}
            {...register("backupEveryHours", { valueAsNumber: true })}
          >
            {backupIntervals.map((h) => (
              <option key={h} value={h}>
                {h === 24 ? "Day (once a day)" : h === 1 ? "Hour" : `${h} hours`}
              </option>
            ))}
          </select>
        </FormField>
        {input({
          key: "backupHour",
          type: "number",
          step: "1",
          hint: "0 to 23 in the business timezone, such as 3 for 3 am: a quiet hour. More than one a day follow it at the chosen interval.",
        })}
      </Section>

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-base-300 bg-base-100 px-4 py-3 shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.25)]">
        <SubmitButton label="Save settings" pending={save.isPending} pendingLabel="Saving..." />
        <button type="button" className="btn btn-ghost" disabled={save.isPending || !formState.isDirty} onClick={() => reset(saved.current)}>
          Discard changes
        </button>
        <p className="text-sm text-base-content/80" aria-live="polite">
          {formState.isDirty ? "You have unsaved changes." : "All changes saved."}
        </p>
      </div>
    </form>
  );
}
