/**
 * The case room's notices (decision 082): "There is something new in your case room" to the client,
 * "A client has added something to a case room" to the business, and the client's warning a week
 * before a closed case's files are destroyed. None carries anything of the case: only a link to the
 * room, read signed in. Each side is told once until it opens the room again, so a busy day of
 * uploads is one e-mail, not fifty.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { caseRoomReference } from "../db/case-rooms.server";
import { caseRooms, users } from "../db/schema";
import { getSettings } from "../db/settings.server";
import { adminCaseRoomPath, type CaseSide, caseRoomPath } from "../shared/case-room";
import { log } from "../server/log.server";
import { enqueueCustomerMail, enqueueMail } from "./outbox.server";
import { businessAddressOf, siteOriginOf } from "./sender.server";
import { caseRoomClientAlert, caseRoomNewMail, caseRoomRetentionMail } from "./templates/case-room-notices";

/** The client's address when they proved it, else null: nothing of a case goes to an address nobody proved. */
function confirmedAddress(db: Db, userId: string): string | null {
  const user = db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).get();
  return user?.verifiedAt ? user.email : null;
}

/** Whether a side told at `notifiedAt` has opened the room since (or was never told): then it may be told again. */
export function mayNotifyAgain(notifiedAt: Date | null, seenAt: Date | null): boolean {
  if (!notifiedAt) return true;
  return seenAt !== null && seenAt.getTime() >= notifiedAt.getTime();
}

/**
 * Queues the content-free notice of something new in room `caseRoomId` to side `to`: the client at
 * their confirmed address (as mail anyone could cause, held beyond the address's hourly limit,
 * decision 071), or the business at its alert address while `alertCaseRoomActivity` is on. At most
 * one until that side opens the room again. Call inside the writing transaction. Answers whether a
 * notice was queued.
 */
export function notifyCaseRoom(db: Db, caseRoomId: number, to: CaseSide, now: Date): boolean {
  const room = db
    .select({
      userId: caseRooms.userId,
      clientSeenAt: caseRooms.clientSeenAt,
      clientNotifiedAt: caseRooms.clientNotifiedAt,
      businessSeenAt: caseRooms.businessSeenAt,
      businessNotifiedAt: caseRooms.businessNotifiedAt,
    })
    .from(caseRooms)
    .where(eq(caseRooms.id, caseRoomId))
    .get();
  if (!room) return false;
  const reference = caseRoomReference(db, caseRoomId);
  if (!reference) return false;
  const origin = siteOriginOf(db);

  if (to === "client") {
    if (!mayNotifyAgain(room.clientNotifiedAt, room.clientSeenAt)) return false;
    const address = confirmedAddress(db, room.userId);
    if (!address) {
      log.info("case room notice not sent to an unconfirmed address", { caseRoomId });
      return false;
    }
    enqueueCustomerMail(db, caseRoomNewMail({ to: address, roomUrl: `${origin}${caseRoomPath(reference)}` }), now, "hold");
    db.update(caseRooms).set({ clientNotifiedAt: now }).where(eq(caseRooms.id, caseRoomId)).run();
    return true;
  }

  if (!mayNotifyAgain(room.businessNotifiedAt, room.businessSeenAt)) return false;
  const settings = getSettings(db);
  if (!settings.alertCaseRoomActivity) return false;
  const address = businessAddressOf(db, settings);
  if (!address) return false;
  enqueueMail(db, caseRoomClientAlert({ to: address, roomUrl: `${origin}${adminCaseRoomPath(reference)}` }));
  db.update(caseRooms).set({ businessNotifiedAt: now }).where(eq(caseRooms.id, caseRoomId)).run();
  return true;
}

/**
 * Queues the client's warning that room `caseRoomId`'s files will be destroyed on `deleteOn`
 * (retention, decision 082). Answers whether it was queued: not to an address nobody proved.
 */
export function queueCaseRetentionWarning(db: Db, caseRoomId: number, deleteOn: Date, now: Date): boolean {
  const room = db.select({ userId: caseRooms.userId }).from(caseRooms).where(eq(caseRooms.id, caseRoomId)).get();
  const reference = caseRoomReference(db, caseRoomId);
  if (!room || !reference) return false;
  const address = confirmedAddress(db, room.userId);
  if (!address) return false;
  const settings = getSettings(db);
  const roomUrl = `${siteOriginOf(db)}${caseRoomPath(reference)}`;
  enqueueCustomerMail(db, caseRoomRetentionMail({ to: address, roomUrl, deleteOn, timeZone: settings.timezone }), now, "hold");
  return true;
}
