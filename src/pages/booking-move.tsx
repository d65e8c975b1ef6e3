/**
 * Move a booking (/bookings/{id}/move): the booking as it is, the days with free times as links
 * (`?date=`), and the chosen day's free times as a POST form whose every time carries its day, so
 * the day moved to is always the day whose times were shown (decision 065). Works without
 * JavaScript and ships none beyond the pending label of the plain form.
 */
import { DayLinks, TimeChips } from "../components/DayTimeChoice";
import { Layout } from "../components/Layout";
import { StatusBadge } from "../components/StatusBadge";
import { TitledCard } from "../components/TitledCard";
import type { SiteData } from "../components/site";
import type { BookingMove } from "../reads/bookings.server";
import { formatAppointment, formatDate, formatInstant } from "../domain/format";
import { manifest } from "../server/assets.server";
import type { PageDefinition } from "./page";

export type BookingMoveState = BookingMove & {
  /** The day whose times are shown. */
  chosenDate: string | null;
  chosenTime?: string;
  error?: string;
  status?: PageDefinition["status"];
};

export function bookingMovePage(site: SiteData, s: BookingMoveState): PageDefinition {
  const b = s.booking;
  const day = s.days.find((d) => d.date === s.chosenDate) ?? null;
  const tz = site.settings.timezone;
  return {
    path: `/bookings/${b.id}/move`,
    title: `Move your booking | ${site.settings.businessName}`,
    description: "Pick a new time for your booking.",
    noindex: true,
    status: s.status,
    scripts: [manifest.formPending],
    body: (
      <Layout site={site} active="/dashboard">
        <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
          <p>
            <a href="/dashboard" className="link">
              Back to your dashboard
            </a>
          </p>
          <h1 className="text-3xl font-bold">Move your booking</h1>
          {s.error && (
            <div role="alert" className="alert alert-error" id="move-error">
              <p>{s.error}</p>
            </div>
          )}

          <TitledCard id="current" title={b.serviceName}>
            <p className="flex flex-wrap items-center gap-2">
              <span data-testid="current-time">{`Now: ${formatAppointment(b.appointmentDate, b.appointmentTime)}`}</span>
              <StatusBadge kind="booking" status={b.status} className="badge-sm" />
            </p>
            {s.deadline && <p className="text-sm">{`You can move it online until ${formatInstant(s.deadline, tz)}.`}</p>}
          </TitledCard>

          {s.blocked ? (
            <div role="status" className="alert">
              <p>{s.blocked}</p>
            </div>
          ) : s.days.length === 0 ? (
            <div role="status" className="alert">
              <p>{`There are no free times in the next 30 days. Please ${site.settings.phone ? `call ${site.settings.phone} or ` : ""}reply to your booking e-mail to arrange another time.`}</p>
            </div>
          ) : (
            <>
              <TitledCard id="day" title="1. Choose a day">
                {/* Each day is a link to the page with that day's times: no day can look chosen while another day's times show. */}
                <DayLinks
                  days={s.days.map((d) => ({ date: d.date, href: `/bookings/${b.id}/move?date=${d.date}#time-title`, note: `${d.times.length} free` }))}
                  current={day?.date ?? null}
                />
              </TitledCard>

              {day && (
                <TitledCard id="time" title={`2. Choose a time on ${formatDate(day.date, "short")}`} titleClassName="card-title scroll-mt-24">
                  <form method="post" action={`/bookings/${b.id}/move`} data-pending className="space-y-4">
                    <input type="hidden" name="appointmentDate" value={day.date} />
                    <fieldset>
                      <legend className="sr-only">{`Free times on ${formatDate(day.date)}`}</legend>
                      <TimeChips date={day.date} times={day.times} checked={(t) => s.chosenDate === day.date && s.chosenTime === t} />
                    </fieldset>
                    <div className="flex flex-wrap gap-2">
                      <button type="submit" className="btn btn-primary" data-pending-label="Moving...">
                        {`Move to this time on ${formatDate(day.date, "short")}`}
                      </button>
                      <a href="/dashboard" className="btn btn-ghost">
                        Keep the current time
                      </a>
                    </div>
                  </form>
                </TitledCard>
              )}
            </>
          )}
        </div>
      </Layout>
    ),
  };
}
