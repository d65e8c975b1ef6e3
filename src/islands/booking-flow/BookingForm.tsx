/**
 * The calendar and details form of the booking flow: loaded only once a package is chosen, so the
 * package list itself needs no calendar code. Days without a free time are marked, and a day with
 * none offers the next one that has times. A booking made leads to its own page (its summary); a
 * second booking of the same package on the same day is asked about first; an error is shown by
 * the confirm button and focused, so a phone scrolls to it.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { DayPicker, type Modifiers } from "react-day-picker";
import { ApiError, apiRequest } from "../../client/api";
import { toast } from "../../client/toast-store";
import { noticeWithActionClass, ResendLinkForm } from "../../components/EmailVerificationNotice";
import { ContactMethodChoice } from "../../components/ContactMethodChoice";
import { errorProps, FormField } from "../../components/FormField";
import { HoursField } from "../../components/HoursField";
import { TitledCard } from "../../components/TitledCard";
import { formatDate, formatMoney, formatTime, timeZoneCity } from "../../domain/format";
import { bookingMessages, bookingSchema, type BookingInput } from "../../shared/booking";
import type { BookablePackage } from "../BookingFlow";
import { DuplicateDialog } from "./DuplicateDialog";

type FormValues = Omit<BookingInput, "location" | "notes" | "confirmDuplicate" | "hours"> & { location: string; notes: string; hours?: number };
type Slot = { id: number; time: string };
/** GET /api/timeslots/days: the window's dates that still have a free time. */
type FreeDays = { from: string; to: string; dates: string[] };
/** What POST /api/bookings/calendar answers (the parts used here). */
type Booked = { id: string; reference: string; path: string };

const toDate = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const toIso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
const loginUrl = "/api/login?returnTo=%2Fbooking";

/**
 * A day button's name: "26, Thursday 26 November 2026, today", starting with the number the
 * button shows, so a person who says or sees "26" reaches it (WCAG 2.5.3), then the whole date.
 */
function dayButtonLabel(date: Date, modifiers: Modifiers): string {
  const parts = [`${date.getDate()}, ${formatDate(toIso(date), "full")}`];
  if (modifiers.today) parts.push("today");
  if (modifiers.selected) parts.push("selected");
  if (modifiers.noTimes) parts.push("no free times");
  return parts.join(", ");
}
/** Keys of the six placeholders shown while the times load (they never move or change). */
const slotPlaceholderKeys = ["p1", "p2", "p3", "p4", "p5", "p6"];

/** Tells the visitor why, then sends them to sign in (and back here) after 500 ms. */
export function goToLogin(message: { title: string; text: string }) {
  toast({ title: message.title, description: message.text, variant: "destructive" });
  setTimeout(() => location.assign(loginUrl), 500);
}

type Field = keyof FormValues;
/** The inputs of the fields a customer types, in the order they appear: the first with an error gets focus. */
const fieldInputs: [Field, string][] = [
  ["hours", "b-hours"],
  ["contactMethod", "b-contact-email"],
  ["contactPhone", "b-phone"],
  ["contactEmail", "b-email"],
  ["location", "b-location"],
  ["notes", "b-notes"],
];

/** The first message per field of a failed parse. */
function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Partial<Record<Field, string>> = {};
  for (const i of issues) errors[String(i.path[0]) as Field] ??= i.message;
  return errors;
}

export default function BookingForm({
  pkg,
  userEmail,
  emailConfirmed,
  today,
  lastDay,
  timeZone,
}: {
  pkg: BookablePackage;
  userEmail: string | null;
  /** False while the account's address is unconfirmed: the server refuses the booking (403 email_unverified). */
  emailConfirmed: boolean;
  today: string;
  lastDay: string;
  timeZone: string;
}) {
  const queryClient = useQueryClient();
  const initial: FormValues = {
    serviceName: pkg.name,
    servicePrice: pkg.price,
    appointmentDate: "",
    appointmentTime: "",
    // An hourly package starts at its minimum hours; the others hold their own length (decision 070).
    hours: pkg.hourly?.minimumHours,
    location: "",
    notes: "",
    contactMethod: "email",
    contactPhone: "",
    contactEmail: userEmail ?? "",
  };
  // A plain controlled form: the shared zod/mini schema validates it, here and on the server.
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [month, setMonth] = useState(() => toDate(today));
  // The error by the confirm button; `n` makes a repeated message focus again.
  const [formError, setFormError] = useState<{ text: string; n: number } | null>(null);
  // The server refused the booking for an unconfirmed address although the page thought it confirmed
  // (a page left open while the account changed): the offer to send the link again appears here.
  const [refusedUnconfirmed, setRefusedUnconfirmed] = useState(false);
  const unconfirmed = !emailConfirmed || refusedUnconfirmed;
  const errorRef = useRef<HTMLDivElement>(null);
  // Set when the customer asked for the next day with times: the first time gets focus once shown.
  const [focusTimes, setFocusTimes] = useState(false);
  const timesRef = useRef<HTMLDivElement>(null);
  const [duplicate, setDuplicate] = useState<{ message: string; input: BookingInput } | null>(null);
  // After a booking the page moves to its summary: the button stays pending until it has.
  const [leaving, setLeaving] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const date = values.appointmentDate || null;
  const time = values.appointmentTime;

  const showError = (text: string) => setFormError((e) => ({ text, n: (e?.n ?? 0) + 1 }));
  useEffect(() => {
    if (!formError) return;
    errorRef.current?.focus();
    errorRef.current?.scrollIntoView({ block: "center" });
  }, [formError]);

  const validate = (next: FormValues) => {
    const result = bookingSchema.safeParse(next);
    setErrors(result.success ? {} : issuesByField(result.error.issues));
    return result;
  };
  const update = (patch: Partial<FormValues>) => {
    const next = { ...values, ...patch };
    setValues(next);
    if (submitted) validate(next);
  };

  // The times offered are those where this package's whole length (the hours chosen) is free.
  const lengthQuery = `service=${encodeURIComponent(pkg.id)}${pkg.hourly && values.hours ? `&hours=${values.hours}` : ""}`;
  const slots = useQuery<Slot[]>({ queryKey: ["/api/timeslots", `${date}?${lengthQuery}`], enabled: Boolean(date) });

  const freeDays = useQuery<FreeDays>({ queryKey: ["/api/timeslots", `days?${lengthQuery}`] });
  // The hourly price is the hours times the rate shown, in whole cents, as the server charges it.
  const price = pkg.hourly ? (Math.round(pkg.hourly.rate * 100) * (values.hours ?? pkg.hourly.minimumHours)) / 100 : pkg.price;
  const phoneWanted = values.contactMethod === "phone";
  const freeDates = freeDays.data ? new Set(freeDays.data.dates) : null;
  const nextFreeDate = date && freeDays.data ? (freeDays.data.dates.find((d) => d > date) ?? null) : null;

  useEffect(() => {
    if (!focusTimes || !slots.data) return;
    setFocusTimes(false);
    timesRef.current?.querySelector("button")?.focus();
  }, [focusTimes, slots.data]);

  const book = useMutation({
    mutationFn: (input: BookingInput) => apiRequest<Booked>("POST", "/api/bookings/calendar", input),
    onSuccess: (booked) => {
      setDuplicate(null);
      setLeaving(true);
      void queryClient.invalidateQueries({ queryKey: ["/api/timeslots"] });
      location.assign(booked.path);
    },
    onError: (err, input) => {
      if (err instanceof ApiError && err.status === 401 && err.message.includes("Unauthorized")) return goToLogin(bookingMessages.unauthorized);
      const code = err instanceof ApiError ? err.body?.error?.code : undefined;
      if (code === "duplicate_booking" && err instanceof ApiError) {
        setFormError(null);
        return setDuplicate({ message: err.serverMessage ?? bookingMessages.duplicate.text, input });
      }
      setDuplicate(null);
      if (code === "email_unverified") setRefusedUnconfirmed(true);
      if (code === "slot_taken") {
        update({ appointmentTime: "" });
        void slots.refetch();
        void freeDays.refetch();
        return showError(bookingMessages.taken.text);
      }
      if (err instanceof ApiError && err.fields) setErrors(err.fields as Partial<Record<Field, string>>);
      const readable = err instanceof ApiError && err.status >= 400 && err.status < 500 && err.serverMessage;
      showError(readable ? `${bookingMessages.failure.title}: ${err.serverMessage}` : `${bookingMessages.failure.title}. ${bookingMessages.failure.text}`);
    },
  });

  // A new date clears the chosen time.
  const pickDate = (d: Date | undefined) => update({ appointmentDate: d ? toIso(d) : "", appointmentTime: "" });
  const showDate = (iso: string) => {
    pickDate(toDate(iso));
    setMonth(toDate(iso));
    setFocusTimes(true);
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!userEmail) return goToLogin(bookingMessages.authRequired);
    setSubmitted(true);
    setFormError(null);
    const result = validate(values);
    if (result.success) return book.mutate(result.data);
    const invalid = issuesByField(result.error.issues);
    const first = fieldInputs.find(([field]) => invalid[field]);
    if (first) document.getElementById(first[1])?.focus();
    else showError(Object.values(invalid)[0] ?? bookingMessages.failure.text);
  };

  const err = (name: Field) => errors[name];
  const input = (id: string, name: Field) => ({
    id,
    name,
    value: String(values[name] ?? ""),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => update({ [name]: e.target.value }),
    ...errorProps(id, err(name)),
  });

  return (
    <>
      {refusedUnconfirmed && (
        <div role="alert" className={`${noticeWithActionClass} mb-6`} data-testid="booking-unconfirmed-notice">
          <p className="min-w-0 flex-1">Please confirm your e-mail address to book: open the link we e-mailed you, or have it sent again.</p>
          <ResendLinkForm />
        </div>
      )}
      <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-2" aria-label={`Book ${pkg.name}`}>
        <TitledCard id="when" title="Choose a date and time">
          <DayPicker
            className="react-day-picker mx-auto"
            mode="single"
            selected={date ? toDate(date) : undefined}
            onSelect={pickDate}
            today={toDate(today)}
            month={month}
            onMonthChange={setMonth}
            modifiers={{ noTimes: (d: Date) => freeDates !== null && toIso(d) >= today && toIso(d) <= lastDay && !freeDates.has(toIso(d)) }}
            modifiersClassNames={{ noTimes: "text-base-content/60 line-through" }}
            startMonth={toDate(today)}
            endMonth={toDate(lastDay)}
            disabled={[{ before: toDate(today) }, { after: toDate(lastDay) }]}
            weekStartsOn={1}
            labels={{ labelDayButton: dayButtonLabel }}
          />
          {err("appointmentDate") && (
            <p className="text-sm text-error" role="alert">
              {err("appointmentDate")}
            </p>
          )}
          <div aria-live="polite">
            {!date ? (
              <p className="text-sm text-base-content/80">Pick a date to see the available times ({`${timeZoneCity(timeZone)} time`}).</p>
            ) : slots.isPending ? (
              <div className="grid grid-cols-3 gap-2" data-testid="slot-placeholders">
                <span className="sr-only">Loading times</span>
                {slotPlaceholderKeys.map((key) => (
                  <div key={key} className="skeleton h-8" />
                ))}
              </div>
            ) : slots.isError ? (
              <p className="text-sm text-error">Times could not be loaded. Please try again.</p>
            ) : slots.data.length === 0 ? (
              <div className="space-y-2" data-testid="no-times">
                <p className="text-sm">{`No free times on ${formatDate(date, "long")}.`}</p>
                {nextFreeDate ? (
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => showDate(nextFreeDate)}>
                    {`See times on ${formatDate(nextFreeDate, "long")}`}
                  </button>
                ) : freeDays.isSuccess ? (
                  <p className="text-sm">
                    No later day has a free time yet.{" "}
                    <a className="link" href="/contact">
                      Send us a message
                    </a>{" "}
                    and we will find a time with you.
                  </p>
                ) : null}
              </div>
            ) : (
              <fieldset>
                <legend className="mb-2 text-sm font-semibold">Available times</legend>
                {/* As many columns as fit chips of "10:00 am" on one line: three cramped ones wrapped on a phone. */}
                <div ref={timesRef} className="grid grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-2">
                  {slots.data.map((s) => (
                    <button
                      key={s.id}
                      type="button"
                      aria-pressed={time === s.time}
                      className={`btn btn-sm whitespace-nowrap tabular-nums ${time === s.time ? "btn-primary" : "btn-outline"}`}
                      onClick={() => update({ appointmentTime: s.time })}
                    >
                      {formatTime(s.time)}
                    </button>
                  ))}
                </div>
              </fieldset>
            )}
          </div>
          {err("appointmentTime") && (
            <p className="text-sm text-error" role="alert">
              {err("appointmentTime")}
            </p>
          )}
        </TitledCard>

        <TitledCard id="details" title="Your details">
          <FormField id="b-service" label="Service" error={err("serviceName")}>
            <input className="input w-full" readOnly {...input("b-service", "serviceName")} />
          </FormField>
          <FormField id="b-price" label={`Price (${pkg.currency})`} error={err("servicePrice")}>
            <input
              className="input w-full"
              readOnly
              id="b-price"
              value={
                pkg.hourly
                  ? `${formatMoney(price, pkg.currency)} (${values.hours ?? pkg.hourly.minimumHours} x ${formatMoney(pkg.hourly.rate, pkg.currency)})`
                  : formatMoney(price, pkg.currency)
              }
            />
          </FormField>
          {pkg.hourly ? (
            <HoursField
              id="b-hours"
              minimumHours={pkg.hourly.minimumHours}
              error={err("hours")}
              inputProps={{
                ...input("b-hours", "hours"),
                // Other hours may not fit the times shown: the chosen time is cleared, as a new date clears it.
                onChange: (e) => update({ hours: e.target.value === "" ? undefined : Number(e.target.value), appointmentTime: "" }),
              }}
            />
          ) : (
            pkg.duration && <p className="text-sm">{`Length: ${pkg.duration}. Your booking holds this time with us.`}</p>
          )}
          <ContactMethodChoice
            idPrefix="b"
            chosen={values.contactMethod}
            error={err("contactMethod")}
            onChoose={(contactMethod) => update({ contactMethod })}
          />
          <FormField id="b-phone" label={phoneWanted ? "Phone" : "Phone (optional)"} error={err("contactPhone")}>
            <input className="input w-full" type="tel" autoComplete="tel" required={phoneWanted} {...input("b-phone", "contactPhone")} />
          </FormField>
          <FormField id="b-email" label="E-mail" error={err("contactEmail")}>
            <input className="input w-full" type="email" autoComplete="email" {...input("b-email", "contactEmail")} />
          </FormField>
          <FormField id="b-location" label="Location (optional)" error={err("location")}>
            <input className="input w-full" {...input("b-location", "location")} />
          </FormField>
          <FormField id="b-notes" label="Notes (optional)" error={err("notes")}>
            <textarea className="textarea w-full" rows={3} {...input("b-notes", "notes")} />
          </FormField>
          <p className="text-sm text-base-content/80">
            {date && time ? `${formatDate(date, "long")} at ${formatTime(time)}, ${timeZoneCity(timeZone)} time` : "Choose a date and a time first."}
          </p>
          {formError && (
            <div ref={errorRef} tabIndex={-1} role="alert" className="alert alert-error" data-testid="booking-error">
              <span>{formError.text}</span>
            </div>
          )}
          <button
            ref={confirmRef}
            type="submit"
            className="btn btn-primary w-full"
            disabled={book.isPending || leaving || !time || unconfirmed}
            aria-describedby={unconfirmed ? "booking-unconfirmed" : undefined}
          >
            {book.isPending || leaving ? "Booking..." : "Confirm Booking"}
          </button>
          {unconfirmed && (
            <p id="booking-unconfirmed" className="text-sm text-base-content/80">
              Please confirm your e-mail address first: open the link we sent you, or have it sent again.
            </p>
          )}
        </TitledCard>
        {duplicate && (
          <DuplicateDialog
            message={duplicate.message}
            pending={book.isPending || leaving}
            onConfirm={() => book.mutate({ ...duplicate.input, confirmDuplicate: true })}
            onClose={() => {
              if (book.isPending || leaving) return;
              setDuplicate(null);
              confirmRef.current?.focus();
            }}
          />
        )}
      </form>
    </>
  );
}
