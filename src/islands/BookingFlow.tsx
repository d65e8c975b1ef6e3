/**
 * Booking: the package cards, then for the chosen package a calendar with the free times of the
 * chosen date and the details form (BookingForm, loaded when a package is chosen).
 */
import { lazy, Suspense, useState, useSyncExternalStore } from "react";
import { formatMoney, timeZoneCity } from "../domain/format";

export type BookablePackage = {
  /** The currency setting the prices are in. */
  currency: string;
  id: string;
  name: string;
  /** What this viewer pays (the new-client price unless known to be returning). */
  price: number;
  listPrice: number;
  discountPercent: number;
  priceNote: string | null;
  duration: string | null;
  /** For a package booked by the hour: the fewest hours and what one hour costs this viewer (the price is hours x rate). */
  hourly?: { minimumHours: number; rate: number } | null;
  description: string;
  features: string[];
  isPopular: boolean;
};

export type BookingFlowProps = {
  packages: BookablePackage[];
  userEmail: string | null;
  /** The signed-in customer's address is confirmed: only then can they book (the page says why not). */
  emailConfirmed: boolean;
  initialPackageId: string | null;
  /** Today and the last bookable day in the business timezone (YYYY-MM-DD). */
  today: string;
  lastDay: string;
  /** The business timezone (settings), named beside the times. */
  timeZone: string;
};

// The calendar and form (react-day-picker, the schema) load only once a package is chosen.
const BookingForm = lazy(() => import("./booking-flow/BookingForm"));

const noSubscription = () => () => {};
/**
 * False on the server and while hydrating, true after. A lazy component cannot be rendered by
 * renderToString (it would suspend, and the browser would then fail hydrating that boundary with
 * React's error #419), so a package opened by its address (/booking?service=…) is rendered as the
 * placeholder on the server and the form is loaded once the island is live.
 */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

function FormPlaceholder() {
  return (
    <div className="skeleton h-96 w-full">
      <span className="sr-only">Loading the calendar</span>
    </div>
  );
}

export default function BookingFlow({ packages, userEmail, emailConfirmed, initialPackageId, today, lastDay, timeZone }: BookingFlowProps) {
  const [selectedId, setSelectedId] = useState(initialPackageId);
  const hydrated = useHydrated();
  const selected = packages.find((p) => p.id === selectedId) ?? null;

  const choose = (id: string | null) => {
    setSelectedId(id);
    history.replaceState(null, "", id ? `/booking?service=${id}` : "/booking");
    window.scrollTo({ top: 0 });
  };

  if (!selected) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {packages.map((p) => (
          <article key={p.id} className={`card border bg-base-100 ${p.isPopular ? "border-primary shadow-md" : "border-base-300"}`}>
            <div className="card-body">
              <div className="flex items-start justify-between gap-2">
                <h2 className="card-title text-lg">{p.name}</h2>
                {p.isPopular && <span className="badge badge-primary shrink-0">POPULAR</span>}
              </div>
              <PriceLine pkg={p} />
              {p.duration && <p className="text-sm text-base-content/80">{p.duration}</p>}
              <p className="text-sm">{p.description}</p>
              <ul className="list-inside list-disc text-sm">
                {p.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              <div className="card-actions mt-auto pt-4">
                {userEmail ? (
                  <a
                    href={`/booking?service=${p.id}`}
                    className="btn btn-primary w-full"
                    onClick={(e) => {
                      e.preventDefault();
                      choose(p.id);
                    }}
                  >
                    {`Book Now`}
                    <span className="sr-only">{`: ${p.name}`}</span>
                  </a>
                ) : (
                  <button type="button" className="btn btn-primary w-full" disabled>
                    Book Now<span className="sr-only">{`: ${p.name} (log in first)`}</span>
                  </button>
                )}
              </div>
            </div>
          </article>
        ))}
      </div>
    );
  }

  return (
    <div>
      <a
        href="/booking"
        className="btn btn-ghost btn-sm mb-4"
        onClick={(e) => {
          e.preventDefault();
          choose(null);
        }}
      >
        ← Back to Services
      </a>
      {hydrated ? (
        <Suspense fallback={<FormPlaceholder />}>
          <BookingForm
            key={selected.id}
            pkg={selected}
            userEmail={userEmail}
            emailConfirmed={emailConfirmed}
            today={today}
            lastDay={lastDay}
            timeZone={timeZone}
          />
        </Suspense>
      ) : (
        <FormPlaceholder />
      )}
      <HowItWorks timeZone={timeZone} />
    </div>
  );
}

function PriceLine({ pkg }: { pkg: BookablePackage }) {
  return (
    <p className="flex flex-wrap items-baseline gap-2">
      <span className="text-3xl font-bold">{formatMoney(pkg.price, pkg.currency)}</span>
      {pkg.discountPercent > 0 && (
        <>
          <s className="text-base-content/70">
            <span className="sr-only">was </span>
            {formatMoney(pkg.listPrice, pkg.currency)}
          </s>
          <span className="badge badge-accent">{`New client: ${pkg.discountPercent}% off`}</span>
        </>
      )}
      {pkg.priceNote && <span className="w-full text-sm text-base-content/80">{pkg.priceNote}</span>}
    </p>
  );
}

function HowItWorks({ timeZone }: { timeZone: string }) {
  const steps = [
    ["Choose a time", `Pick a date and a time that suits you. Times are in ${timeZoneCity(timeZone)} time.`],
    ["Tell us how to reach you", "Only your investigator sees your details, and we contact you only the way you ask."],
    [
      "We confirm discreetly",
      "You get your booking's reference and an e-mail with a calendar invitation at once; we confirm the booking once we have reviewed it.",
    ],
  ];
  return (
    <section aria-labelledby="how-title" className="mt-10">
      <h2 id="how-title" className="mb-4 text-2xl font-bold">
        How it works
      </h2>
      <ol className="grid gap-4 md:grid-cols-3">
        {steps.map(([title, text], i) => (
          <li key={title} className="card border border-base-300 bg-base-100">
            <div className="card-body">
              <span className="badge badge-primary" aria-hidden="true">
                {i + 1}
              </span>
              <h3 className="card-title text-lg">{title}</h3>
              <p className="text-sm text-base-content/80">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
