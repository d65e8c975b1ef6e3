/**
 * Booking with JavaScript off (shown in <noscript> on /booking?service=<id>): the package, its days
 * with free times as links (`&date=`), the chosen day's times each carrying its day, and the details
 * the booking island asks for, posted to POST /booking (booking.routes.ts), which calls the same
 * action as the island. Errors come back under the fields with what was typed kept (decision 065).
 */
import { ContactMethodChoice } from "../components/ContactMethodChoice";
import { DayLinks, TimeChips } from "../components/DayTimeChoice";
import { errorProps, FormField } from "../components/FormField";
import { HoursField } from "../components/HoursField";
import { TitledCard } from "../components/TitledCard";
import { formatDate, formatMoney, timeZoneCity } from "../domain/format";
import type { BookablePackage } from "../islands/BookingFlow";
import { type BookingFormValues, slotValue } from "../shared/booking-form";

/** What the plain form shows for one package: read by the route, the values and messages of the last try. */
export type PlainBooking = {
  /** The package's pricing row id (`?service=`). */
  service: string;
  /** The hours the times were read for (an hourly package), as the address gave them. */
  hours: string;
  /** The days of the booking window with a free time for this package. */
  days: string[];
  /** The day whose times are shown. */
  chosenDate: string | null;
  /** The chosen day's free start times ("HH:MM"). */
  times: string[];
  values: BookingFormValues;
  errors?: Record<string, string>;
  formError?: string;
  /** The last try was refused as the same package booked the same day: the form asks to book it again. */
  duplicate?: boolean;
};

const dayHref = (p: PlainBooking, date: string) =>
  `/booking?service=${encodeURIComponent(p.service)}${p.hours ? `&hours=${encodeURIComponent(p.hours)}` : ""}&date=${date}#nb-time-title`;

export function PlainBookingForm({ plain, pkg, timeZone }: { plain: PlainBooking; pkg: BookablePackage; timeZone: string }) {
  const v = plain.values;
  const err = (field: string) => plain.errors?.[field];
  const text = (id: string, name: keyof BookingFormValues) => ({ id, name, defaultValue: v[name], ...errorProps(id, err(name)) });
  const day = plain.chosenDate;
  return (
    <div className="space-y-6" data-testid="plain-booking">
      <a href="/booking" className="btn btn-ghost btn-sm">
        ← Back to Services
      </a>
      <TitledCard id="nb-package" title={pkg.name}>
        <p className="text-2xl font-bold">{formatMoney(pkg.price, pkg.currency)}</p>
        {pkg.priceNote && <p className="text-sm">{pkg.priceNote}</p>}
        {pkg.duration && <p className="text-sm">{`Length: ${pkg.duration}. Your booking holds this time with us.`}</p>}
      </TitledCard>
      {plain.formError && (
        <div role="alert" className="alert alert-error" id="nb-error" data-testid="booking-error">
          <p>{plain.formError}</p>
        </div>
      )}
      {plain.days.length === 0 ? (
        <div role="status" className="alert">
          <p>
            No free times in the next 30 days for this package.{" "}
            <a className="link" href="/contact">
              Send us a message
            </a>{" "}
            and we will find a time with you.
          </p>
        </div>
      ) : (
        <>
          <TitledCard id="nb-day" title="1. Choose a day">
            {/* Each day is a link to the page with that day's times: no day can look chosen while another day's times show. */}
            <DayLinks days={plain.days.map((d) => ({ date: d, href: dayHref(plain, d) }))} current={day} />
          </TitledCard>
          {day && (
            <form method="post" action="/booking" className="space-y-6" aria-label={`Book ${pkg.name}`}>
              <input type="hidden" name="service" value={plain.service} />
              <input type="hidden" name="serviceName" value={pkg.name} />
              <input type="hidden" name="servicePrice" value={String(pkg.price)} />
              <input type="hidden" name="appointmentDate" value={day} />
              <TitledCard id="nb-time" title={`2. Choose a time on ${formatDate(day, "short")}`} titleClassName="card-title scroll-mt-24">
                <fieldset aria-describedby={err("appointmentTime") ? "nb-time-error" : undefined}>
                  <legend className="mb-2 text-sm">{`Free times on ${formatDate(day, "long")}, ${timeZoneCity(timeZone)} time`}</legend>
                  <TimeChips date={day} times={plain.times} checked={(t) => v.slot === slotValue(day, t)} />
                  {err("appointmentTime") && (
                    <p id="nb-time-error" className="mt-2 text-sm text-error" role="alert">
                      {err("appointmentTime")}
                    </p>
                  )}
                </fieldset>
              </TitledCard>
              <TitledCard id="nb-details" title="3. Your details">
                {pkg.hourly && (
                  <HoursField
                    id="nb-hours"
                    minimumHours={pkg.hourly.minimumHours}
                    error={err("hours")}
                    inputProps={{ ...text("nb-hours", "hours"), defaultValue: v.hours || plain.hours || String(pkg.hourly.minimumHours) }}
                  />
                )}
                <ContactMethodChoice idPrefix="nb" chosen={v.contactMethod || "email"} error={err("contactMethod")} />
                <FormField id="nb-phone" label="Phone (needed if we should call or text you)" error={err("contactPhone")}>
                  <input className="input w-full" type="tel" autoComplete="tel" {...text("nb-phone", "contactPhone")} />
                </FormField>
                <FormField id="nb-email" label="E-mail" error={err("contactEmail")}>
                  <input className="input w-full" type="email" autoComplete="email" required {...text("nb-email", "contactEmail")} />
                </FormField>
                <FormField id="nb-location" label="Location (optional)" error={err("location")}>
                  <input className="input w-full" {...text("nb-location", "location")} />
                </FormField>
                <FormField id="nb-notes" label="Notes (optional)" error={err("notes")}>
                  <textarea className="textarea w-full" rows={3} {...text("nb-notes", "notes")} />
                </FormField>
                {plain.duplicate && (
                  <label className="flex min-h-11 items-center gap-2 text-sm">
                    <input type="checkbox" className="checkbox checkbox-sm" name="confirmDuplicate" value="yes" />
                    Yes, book it a second time that day
                  </label>
                )}
                <button type="submit" className="btn btn-primary w-full">
                  Confirm Booking
                </button>
              </TitledCard>
            </form>
          )}
        </>
      )}
    </div>
  );
}
