/**
 * The body of a valid `POST /api/bookings/calendar` for a one-hour Discreet Check Up (a package that
 * holds one hour, so any free time of the day takes it; Partner Check holds a whole day, decision
 * 070), with overrides.
 */
export function bookingForm(date: string, time = "10:00", extra: Record<string, unknown> = {}) {
  return {
    serviceName: "Discreet Check Up",
    servicePrice: 1,
    appointmentDate: date,
    appointmentTime: time,
    contactPhone: "0400 000 000",
    contactEmail: "ann@example.com",
    ...extra,
  };
}
