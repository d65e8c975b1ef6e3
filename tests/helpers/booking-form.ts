/** The body of a valid `POST /api/bookings/calendar` for a one-hour Partner Check, with overrides. */
export function bookingForm(date: string, time = "10:00", extra: Record<string, unknown> = {}) {
  return {
    serviceName: "Partner Check",
    servicePrice: 1,
    appointmentDate: date,
    appointmentTime: time,
    duration: 60,
    contactPhone: "0400 000 000",
    contactEmail: "ann@example.com",
    ...extra,
  };
}
