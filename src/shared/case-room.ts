/**
 * The case room (decision 079): what the client and the business see and send. The client reaches
 * a room by any of its bookings' references (`/cases/BK-7KQ4-M2XD`), the business at
 * `/admin/cases/BK-7KQ4-M2XD`; both upload in chunks of `caseUploadChunkBytes`, each with its
 * SHA-256, so a dropped connection resumes where the last chunk landed.
 */
import { z } from "./zod-mini";

/** The timeline's steps, in order. */
export const caseStatuses = ["scheduled", "in_progress", "report_ready", "closed"] as const;
export type CaseStatus = (typeof caseStatuses)[number];

export const caseStatusLabels: Record<CaseStatus, string> = {
  scheduled: "Scheduled",
  in_progress: "In progress",
  report_ready: "Report ready",
  closed: "Closed",
};

/** Who wrote a message or added a file. */
export const caseSides = ["client", "business"] as const;
export type CaseSide = (typeof caseSides)[number];

export const caseFileStatuses = ["uploading", "ready", "deleted"] as const;
export type CaseFileStatus = (typeof caseFileStatuses)[number];

/** The largest file either side may add. */
export const maxCaseFileBytes = 2 * 1024 * 1024 * 1024;
/** Every chunk but the last is exactly this long. */
export const caseUploadChunkBytes = 4 * 1024 * 1024;
export const maxCaseMessageLength = 5000;
export const maxCaseUpdateNoteLength = 2000;
export const maxCaseFileNameLength = 150;

/** What each side may add, by the type its bytes prove (never the name's extension alone). */
export const caseFileTypes: Record<CaseSide, readonly string[]> = {
  business: ["application/pdf", "image/jpeg", "image/png", "image/webp", "image/heic", "video/mp4", "video/quicktime", "video/webm", "audio/mpeg", "audio/mp4"],
  client: ["application/pdf", "image/jpeg", "image/png", "image/webp", "image/heic"],
};

/** How each accepted type is named to people ("Add a PDF, a photo or a video"). */
export const caseFileTypeNames: Record<string, string> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG photo",
  "image/png": "PNG image",
  "image/webp": "WebP image",
  "image/heic": "HEIC photo",
  "video/mp4": "MP4 video",
  "video/quicktime": "QuickTime video",
  "video/webm": "WebM video",
  "audio/mpeg": "MP3 recording",
  "audio/mp4": "M4A recording",
};

export const caseRoomMessages = {
  messageRequired: "Write your message",
  messageTooLong: `Keep your message under ${maxCaseMessageLength + 1} characters`,
  noteTooLong: `Keep the note under ${maxCaseUpdateNoteLength + 1} characters`,
  fileTooLarge: "A file can be at most 2 GB.",
  fileEmpty: "That file is empty.",
  fileTypeClient: "Add a PDF or a photo (JPEG, PNG, WebP or HEIC).",
  fileTypeBusiness: "Add a PDF, a photo, a video (MP4, MOV or WebM) or a recording (MP3 or M4A).",
  fileNameRequired: "The file needs a name.",
  quotaFull: "There is no room left for this file: the case files' space is full. Ask the business to free some space.",
  diskFull: "The server's disk is too full to take this file. Nothing was kept; please try again later.",
  roomClosed: "This case is closed: nothing more can be added.",
  filesDeleted: "This case's files have been deleted, as the business keeps them only for a while after the case closes.",
} as const;

/** POST …/messages: a message in the thread. */
export const caseMessageSchema = z.object({
  body: z
    .string(caseRoomMessages.messageRequired)
    .check(z.trim(), z.minLength(1, caseRoomMessages.messageRequired), z.maxLength(maxCaseMessageLength, caseRoomMessages.messageTooLong)),
});
export type CaseMessageInput = z.infer<typeof caseMessageSchema>;

/** POST /api/admin/cases/{ref}/updates: the business moves the timeline on. */
export const caseUpdateSchema = z.object({
  status: z.enum(caseStatuses, "Choose a status"),
  note: z.optional(z.string().check(z.trim(), z.maxLength(maxCaseUpdateNoteLength, caseRoomMessages.noteTooLong))),
  /** Whether the client gets the content-free "something new" e-mail. */
  notify: z.boolean(),
});
export type CaseUpdateInput = z.infer<typeof caseUpdateSchema>;

/** POST /api/admin/cases/{ref}/gather: another booking of the same customer joins this room. */
export const caseGatherSchema = z.object({
  bookingReference: z.string("Give the booking's reference").check(z.trim(), z.minLength(1, "Give the booking's reference"), z.maxLength(40)),
});

/** POST …/uploads: an upload begins; `messageId` attaches it to a message its own side wrote. */
export const caseUploadStartSchema = z.object({
  name: z.string(caseRoomMessages.fileNameRequired).check(z.minLength(1, caseRoomMessages.fileNameRequired), z.maxLength(1000)),
  size: z.int("Give the file's size").check(z.minimum(1, caseRoomMessages.fileEmpty), z.maximum(maxCaseFileBytes, caseRoomMessages.fileTooLarge)),
  type: z.string().check(z.maxLength(200)),
  messageId: z.optional(z.int().check(z.positive())),
});
export type CaseUploadStartInput = z.infer<typeof caseUploadStartSchema>;

/** An upload in progress, as both sides' uploaders resume it. */
export type CaseUploadState = { id: number; size: number; receivedBytes: number; chunkBytes: number; status: CaseFileStatus };

/** A file as the room shows it; `url` downloads it (absent while uploading or once deleted). */
export type CaseFileView = {
  id: number;
  name: string;
  contentType: string;
  size: number;
  sha256: string | null;
  side: CaseSide;
  status: CaseFileStatus;
  addedAt: string;
  messageId: number | null;
  url: string | null;
};

/** One entry of the timeline, oldest first. */
export type CaseTimelineEntry =
  | { kind: "booked"; at: string; bookingReference: string }
  | { kind: "update"; id: number; at: string; status: CaseStatus; note: string | null }
  | { kind: "message"; id: number; at: string; side: CaseSide; author: string; body: string; files: CaseFileView[] }
  | { kind: "file"; at: string; file: CaseFileView };

/** A booking the room gathers. */
export type CaseRoomBooking = { reference: string; serviceName: string; appointmentDate: string; appointmentTime: string; status: string };

/** The room as either side sees it (GET /api/cases/{ref}, GET /api/admin/cases/{ref}). */
export type CaseRoomView = {
  /** The reference the room is reached by: its first booking's. */
  reference: string;
  status: CaseStatus;
  closedAt: string | null;
  /** When the files will be (or were) deleted, once the case is closed. */
  filesDeleteOn: string | null;
  filesDeletedAt: string | null;
  bookings: CaseRoomBooking[];
  timeline: CaseTimelineEntry[];
  files: CaseFileView[];
  /** Whether this side may still add messages and files. */
  canAdd: boolean;
  /** The zip of every ready file, for the client. */
  zipUrl: string | null;
};

/** A room in the portal's list. */
export type AdminCaseRoomRow = {
  reference: string;
  customerName: string;
  customerId: string;
  status: CaseStatus;
  files: number;
  lastActivityAt: string;
  /** Something from the client the business has not opened yet. */
  unseen: boolean;
};

/** One line of the download log the owner reads. */
export type CaseDownloadRow = {
  id: number;
  fileName: string;
  side: CaseSide;
  viewerName: string;
  ip: string;
  requests: number;
  firstAt: string;
  lastAt: string;
};

/**
 * The customer's room and its files (server routes and islands build links with these). Paths are
 * lower case, as every page path is (a GET of capitals answers 301 first): a video's every Range
 * request would pay that hop. Lookups take a reference in any case.
 */
export const caseRoomPath = (reference: string) => `/cases/${encodeURIComponent(reference.toLowerCase())}`;
export const caseFilePath = (reference: string, fileId: number) => `/cases/${encodeURIComponent(reference.toLowerCase())}/files/${fileId}`;
export const caseZipPath = (reference: string) => `/cases/${encodeURIComponent(reference.toLowerCase())}/files.zip`;
export const adminCaseRoomPath = (reference: string) => `/admin/cases/${encodeURIComponent(reference.toLowerCase())}`;
export const adminCaseFilePath = (reference: string, fileId: number) => `/api/admin/cases/${encodeURIComponent(reference.toLowerCase())}/files/${fileId}`;
/** The upload API's base for each side. */
export const caseUploadsPath = (side: CaseSide, reference: string) =>
  side === "client"
    ? `/api/cases/${encodeURIComponent(reference.toLowerCase())}/uploads`
    : `/api/admin/cases/${encodeURIComponent(reference.toLowerCase())}/uploads`;

/** The identity check before a download on a sign-in over an hour old (decision 081): its words and its two forms. */
export const identityCheckMessages = {
  passwordRequired: "Enter your password",
  wrongPassword: "That password is not correct",
  codeRequired: "Enter the 6-digit code from the e-mail",
  codeFormat: "The code is the 6 digits from the e-mail",
  wrongCode: "That code is not correct. Check the e-mail and try again.",
  codeSpent: "This code has expired or was already used. Ask for a new one below.",
  codeSent: "We have e-mailed you a 6-digit code. It works for 10 minutes.",
  tooManyCodes: "We have sent several codes already. Please check your inbox (and spam folder), or try again in an hour.",
  noConfirmedEmail: "Your e-mail address is not confirmed yet, so we cannot send you a code. Confirm it from your dashboard first.",
  noPassword: "Your account signs in with Google and has no password: ask for a code by e-mail instead.",
} as const;

export const identityPasswordSchema = z.object({
  password: z.string(identityCheckMessages.passwordRequired).check(z.minLength(1, identityCheckMessages.passwordRequired), z.maxLength(200)),
});

export const identityCodeSchema = z.object({
  code: z
    .string(identityCheckMessages.codeRequired)
    .check(z.trim(), z.minLength(1, identityCheckMessages.codeRequired), z.regex(/^\d{6}$/, identityCheckMessages.codeFormat)),
});
