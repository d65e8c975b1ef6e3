/**
 * The owner's alert that the continuous copy of the database has fallen more than a minute behind
 * (decision 078): sent once, until it catches up again. Until then, a lost disk loses everything
 * written since the copy last kept up.
 */
import { formatInstant, timeZoneCity } from "../../domain/format";
import type { MailMessage } from "../outbox.server";
import { plainText } from "./layout";

export type ReplicationLagAlertInput = {
  businessEmail: string;
  origin: string;
  timeZone: string;
  /** Where the copy goes, without any password. */
  replica: string;
  /** "3 minutes". */
  behind: string;
  /** The newest moment the copy is known to hold, or null when none. */
  copiedAt: Date | null;
  /** What Litestream said went wrong, if anything. */
  problem: string | null;
};

export function replicationLagAlert(input: ReplicationLagAlertInput): MailMessage {
  const zone = ` (${timeZoneCity(input.timeZone)} time)`;
  return {
    to: input.businessEmail,
    subject: `The website's database copy is ${input.behind} behind`,
    text: plainText([
      `The continuous copy of the website's database to ${input.replica} has not kept up for ${input.behind}.`,
      input.copiedAt
        ? `It holds everything written up to ${formatInstant(input.copiedAt, input.timeZone)}${zone}. If this server's disk were lost now, what was written since would be lost with it.`
        : "It holds nothing confirmed yet. If this server's disk were lost now, everything since the last daily backup would be lost with it.",
      ...(input.problem ? ["", `What went wrong: ${input.problem}`] : []),
      "",
      "The site keeps trying by itself. Check that the storage is reachable and its keys are right; the dashboard shows the copy's state:",
      `${input.origin}/admin/dashboard`,
      "",
      "The daily backups go on as before.",
    ]),
  };
}
