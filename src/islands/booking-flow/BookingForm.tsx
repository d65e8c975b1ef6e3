/**
 * The calendar and details form of the booking flow: loaded only once a package is chosen, so the
 * package list itself needs no calendar code.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DayPicker, type Modifiers } from "react-day-picker";
import { ApiError, apiRequest } from "../../client/api";
import { toast } from "../../client/toast-store";
import { errorProps, FormField } from "../../components/FormField";
import { formatDate, formatMoney, formatTime, timeZoneCity } from "../../domain/format";
import { bookingMessages, bookingSchema, durationOptions, type BookingInput } from "../../shared/booking";
import type { BookablePackage } from "../BookingFlow";

type FormValues = Omit<BookingInput, "location" | "notes"> & { location: string; notes: string };
type Slot = { id: number; time: string };

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

/** The first message per field of a failed parse. */
function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Partial<Record<Field, string>> = {};
  for (const i of issues) errors[String(i.path[0]) as Field] ??= i.message;
  return errors;
}

export default function BookingForm({
  pkg,
  userEmail,
  today,
  lastDay,
  timeZone,
  onBooked,
}: {
  pkg: BookablePackage;
  userEmail: string | null;
  today: string;
  lastDay: string;
  timeZone: string;
  onBooked: () => void;
}) {
  const queryClient = useQueryClient();
  const initial: FormValues = {
    serviceName: pkg.name,
    servicePrice: pkg.price,
    appointmentDate: "",
    appointmentTime: "",
    duration: 60,
    location: "",
    notes: "",
    contactPhone: "",
    contactEmail: userEmail ?? "",
  };
  // A plain controlled form: the shared zod/mini schema validates it, here and on the server.
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const date = values.appointmentDate || null;
  const time = values.appointmentTime;

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

  const slots = useQuery<Slot[]>({ queryKey: ["/api/timeslots", date], enabled: Boolean(date) });

  const generate = useMutation({
    mutationFn: () => apiRequest("POST", "/api/timeslots/generate", { startDate: today, endDate: lastDay }),
    onSuccess: () => {
      toast({ title: bookingMessages.slotsGenerated.title, description: bookingMessages.slotsGenerated.text, variant: "success" });
      void queryClient.invalidateQueries({ queryKey: ["/api/timeslots"] });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401) return goToLogin(bookingMessages.unauthorized);
      toast({ title: bookingMessages.slotsFailed.title, description: bookingMessages.slotsFailed.text, variant: "destructive" });
    },
  });

  const book = useMutation({
    mutationFn: (input: BookingInput) => apiRequest("POST", "/api/bookings/calendar", input),
    onSuccess: () => {
      toast({ title: bookingMessages.success.title, description: bookingMessages.success.text, variant: "success" });
      setValues(initial);
      setSubmitted(false);
      void queryClient.invalidateQueries({ queryKey: ["/api/timeslots"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/bookings"] });
      onBooked();
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status === 401 && err.message.includes("Unauthorized")) return goToLogin(bookingMessages.unauthorized);
      if (err instanceof ApiError && err.status === 409) {
        update({ appointmentTime: "" });
        void slots.refetch();
        return toast({ title: bookingMessages.taken.title, description: bookingMessages.taken.text, variant: "destructive" });
      }
      if (err instanceof ApiError && err.fields) setErrors(err.fields as Partial<Record<Field, string>>);
      toast({
        title: bookingMessages.failure.title,
        description: err instanceof ApiError && err.status === 403 && err.serverMessage ? err.serverMessage : bookingMessages.failure.text,
        variant: "destructive",
      });
    },
  });

  // A new date clears the chosen time.
  const pickDate = (d: Date | undefined) => update({ appointmentDate: d ? toIso(d) : "", appointmentTime: "" });

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!userEmail) return goToLogin(bookingMessages.authRequired);
    setSubmitted(true);
    const result = validate(values);
    if (result.success) book.mutate(result.data);
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
    <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-2" aria-label={`Book ${pkg.name}`}>
      <section aria-labelledby="when-title" className="card border border-base-300 bg-base-100">
        <div className="card-body">
          <h2 id="when-title" className="card-title">
            Choose a date and time
          </h2>
          <DayPicker
            className="react-day-picker mx-auto"
            mode="single"
            selected={date ? toDate(date) : undefined}
            onSelect={pickDate}
            today={toDate(today)}
            defaultMonth={toDate(today)}
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
              <div className="space-y-2">
                <p className="text-sm">No available times for this date.</p>
                <button type="button" className="btn btn-outline btn-sm" disabled={generate.isPending} onClick={() => generate.mutate()}>
                  {generate.isPending ? "Generating..." : "Generate Time Slots"}
                </button>
              </div>
            ) : (
              <fieldset>
                <legend className="mb-2 text-sm font-semibold">Available times</legend>
                {/* As many columns as fit chips of "10:00 am" on one line: three cramped ones wrapped on a phone. */}
                <div className="grid grid-cols-[repeat(auto-fill,minmax(5.5rem,1fr))] gap-2">
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
        </div>
      </section>

      <section aria-labelledby="details-title" className="card border border-base-300 bg-base-100">
        <div className="card-body">
          <h2 id="details-title" className="card-title">
            Your details
          </h2>
          <FormField id="b-service" label="Service" error={err("serviceName")}>
            <input className="input w-full" readOnly {...input("b-service", "serviceName")} />
          </FormField>
          <FormField id="b-price" label={`Price (${pkg.currency})`} error={err("servicePrice")}>
            <input className="input w-full" readOnly id="b-price" value={formatMoney(pkg.price, pkg.currency)} />
          </FormField>
          <FormField id="b-duration" label="Appointment length" error={err("duration")}>
            <select className="select w-full" {...input("b-duration", "duration")} onChange={(e) => update({ duration: Number(e.target.value) })}>
              {durationOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id="b-phone" label="Phone" error={err("contactPhone")}>
            <input className="input w-full" type="tel" autoComplete="tel" {...input("b-phone", "contactPhone")} />
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
            {date && time ? `${formatDate(date, "long")} at ${formatTime(time)}, ${timeZoneCity(timeZone)} time` : "Choose a date and a time on the left."}
          </p>
          <button type="submit" className="btn btn-primary w-full" disabled={book.isPending || !time}>
            {book.isPending ? "Booking..." : "Confirm Booking"}
          </button>
        </div>
      </section>
    </form>
  );
}
