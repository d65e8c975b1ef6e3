/**
 * The case room's notices (decision 082). They say only that something is new and link to the room:
 * no file, no file name, no message, no service and no trade, since a subject and a preview show on
 * a lock screen and in a shared inbox (decision 069). What is new is read in the room, signed in.
 */
import { formatInstantDate } from "../../domain/format";
import type { MailMessage } from "../outbox.server";
import { plainText } from "./layout";

export type CaseRoomNoticeInput = {
  to: string;
  /** The room's address, absolute: `PUBLIC_URL` + `caseRoomPath` (or `adminCaseRoomPath` for the business). */
  roomUrl: string;
};

/** To the client: the business added an update, a message or a file. */
export function caseRoomNewMail(input: CaseRoomNoticeInput): MailMessage {
  return {
    to: input.to,
    subject: "There is something new in your case room",
    text: plainText([
      "There is something new in your case room.",
      "",
      "Sign in to read it:",
      input.roomUrl,
      "",
      "You get one e-mail like this until you next open the room, however much is added.",
    ]),
  };
}

/** To the business: the client added a message or a file. */
export function caseRoomClientAlert(input: CaseRoomNoticeInput): MailMessage {
  return {
    to: input.to,
    subject: "A client has added something to a case room",
    text: plainText([
      "A client has added something to a case room.",
      "",
      "Open the room to read it:",
      input.roomUrl,
      "",
      "You get one e-mail like this per room until the room is opened again in the portal.",
    ]),
  };
}

export type CaseRoomRetentionInput = CaseRoomNoticeInput & {
  /** When the files will be deleted. */
  deleteOn: Date;
  timeZone: string;
};

/** To the client, a week before retention deletes a closed case's files. */
export function caseRoomRetentionMail(input: CaseRoomRetentionInput): MailMessage {
  const day = formatInstantDate(input.deleteOn, input.timeZone);
  return {
    to: input.to,
    subject: `Files in your case room will be deleted on ${day}`,
    text: plainText([
      `Your case is closed, and the files in your case room will be deleted on ${day}.`,
      "",
      "Download what you want to keep before then:",
      input.roomUrl,
      "",
      "After that day they can no longer be downloaded.",
    ]),
  };
}
