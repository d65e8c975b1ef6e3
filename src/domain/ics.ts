/**
 * A calendar invitation (.ics, RFC 5545) for a booking, with times in the business timezone.
 * For Australia/Adelaide the VTIMEZONE block describes its daylight-saving rules; any other zone
 * is written in UTC, which every calendar understands.
 */
import { zonedParts, zonedToInstant } from "./timezone";

export type IcsEvent = {
  uid: string;
  date: string; // YYYY-MM-DD, local
  time: string; // HH:MM, local
  durationMinutes: number;
  summary: string;
  description: string;
  location?: string | null;
  url: string;
  organizerName: string;
  organizerEmail: string;
  timeZone: string;
  stamp: Date;
  cancelled?: boolean;
};

const adelaide = [
  "BEGIN:VTIMEZONE",
  "TZID:Australia/Adelaide",
  "BEGIN:STANDARD",
  "DTSTART:19700405T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU",
  "TZOFFSETFROM:+1030",
  "TZOFFSETTO:+0930",
  "TZNAME:ACST",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:19701004T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU",
  "TZOFFSETFROM:+0930",
  "TZOFFSETTO:+1030",
  "TZNAME:ACDT",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
];

/** Escapes text values (RFC 5545 3.3.11). */
function text(value: string) {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** Folds lines longer than 75 octets (RFC 5545 3.1). */
function fold(line: string) {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let current = "";
  for (const ch of line) {
    if (new TextEncoder().encode(current + ch).length > (out.length ? 74 : 75)) {
      out.push(current);
      current = ch;
    } else current += ch;
  }
  out.push(current);
  return out.join("\r\n ");
}

const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
const local = (date: string, time: string) => `${date.replace(/-/g, "")}T${time.replace(":", "")}00`;

/** The .ics text for one event. */
export function bookingIcs(e: IcsEvent): string {
  const start = zonedToInstant(e.date, e.time, e.timeZone);
  if (!start) throw new Error("the appointment time does not exist in the business timezone");
  const end = new Date(start.getTime() + e.durationMinutes * 60_000);
  const isAdelaide = e.timeZone === "Australia/Adelaide";
  const endLocal = () => {
    const p = zonedParts(end, e.timeZone);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${p.year}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}00`;
  };
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//pi-site//Bookings//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${e.cancelled ? "CANCEL" : "REQUEST"}`,
    ...(isAdelaide ? adelaide : []),
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `DTSTAMP:${utc(e.stamp)}`,
    isAdelaide ? `DTSTART;TZID=Australia/Adelaide:${local(e.date, e.time)}` : `DTSTART:${utc(start)}`,
    isAdelaide ? `DTEND;TZID=Australia/Adelaide:${endLocal()}` : `DTEND:${utc(end)}`,
    `SUMMARY:${text(e.summary)}`,
    `DESCRIPTION:${text(e.description)}`,
    ...(e.location ? [`LOCATION:${text(e.location)}`] : []),
    `URL:${e.url}`,
    `ORGANIZER;CN=${text(e.organizerName)}:mailto:${e.organizerEmail}`,
    `STATUS:${e.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
