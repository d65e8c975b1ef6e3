/**
 * A calendar invitation (.ics, RFC 5545, sent as an iTIP message, RFC 5546) for a booking, with
 * times in the business timezone. For Australia/Adelaide the VTIMEZONE block describes its
 * daylight-saving rules; any other zone is written in UTC, which every calendar understands.
 * A pending booking is TENTATIVE, a confirmed one CONFIRMED, both sent as METHOD:REQUEST; a
 * cancelled one is METHOD:CANCEL with STATUS:CANCELLED. The UID stays the booking's and SEQUENCE
 * is the booking's `icsSequence`, so each update replaces the event already in the calendar.
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
  /** The customer, who asked for the appointment: listed as an attendee who has accepted it. */
  attendeeEmail: string;
  timeZone: string;
  stamp: Date;
  status: IcsStatus;
  /** Raised with every invitation sent for the same UID (RFC 5545 3.8.7.4). */
  sequence: number;
};

/**
 * What a customer's calendar shows of a booking: a lock screen or a shared family calendar may show
 * it to others, so neither the title nor the description names the service or the business's trade
 * (decision 069). The title is the owner's neutral one from the settings, else "Appointment" and
 * the booking's reference; the description keeps what the customer needs: the reference and the
 * booking's page.
 */
export function discreetEventText(reference: string, ownerTitle: string, pageUrl: string): { summary: string; description: string } {
  return {
    summary: ownerTitle.trim() || `Appointment ${reference}`,
    description: `Reference ${reference}. See, move or cancel it at ${pageUrl}`,
  };
}

/** Where the booking stands, as the calendar sees it. */
export type IcsStatus = "tentative" | "confirmed" | "cancelled";

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

/**
 * A quoted parameter value (RFC 5545 3.2): a name with a comma, colon or semicolon stays one
 * value. A quoted value cannot hold DQUOTE or control characters, so those become spaces.
 */
function quoted(value: string) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return `"${value.replace(/["\x00-\x1f\x7f]/g, " ")}"`;
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
    `METHOD:${e.status === "cancelled" ? "CANCEL" : "REQUEST"}`,
    ...(isAdelaide ? adelaide : []),
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTAMP:${utc(e.stamp)}`,
    isAdelaide ? `DTSTART;TZID=Australia/Adelaide:${local(e.date, e.time)}` : `DTSTART:${utc(start)}`,
    isAdelaide ? `DTEND;TZID=Australia/Adelaide:${endLocal()}` : `DTEND:${utc(end)}`,
    `SUMMARY:${text(e.summary)}`,
    `DESCRIPTION:${text(e.description)}`,
    ...(e.location ? [`LOCATION:${text(e.location)}`] : []),
    `URL:${e.url}`,
    `ORGANIZER;CN=${quoted(e.organizerName)}:mailto:${e.organizerEmail}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${e.attendeeEmail}`,
    `STATUS:${e.status.toUpperCase()}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
