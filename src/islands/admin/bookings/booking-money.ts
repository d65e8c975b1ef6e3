/** A booking's amounts in the admin bookings island: in the currency it was booked in, with its code when that is not today's setting. */
import { formatKeptMoney } from "../../../domain/format";
import { useCurrency } from "../parts/money";

/** Formats an amount of booking `b` ("$148", or "$148 USD" for a booking made before the currency changed). */
export function useBookingMoney(): (amount: number | string, b: { currency: string }) => string {
  const currencySetting = useCurrency();
  return (amount, b) => formatKeptMoney(amount, b.currency, currencySetting);
}
