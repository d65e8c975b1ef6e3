/**
 * The browser's uploader of case files (decision 080), for both sides' islands: the file goes in
 * chunks of the size the server names, each with its SHA-256, so a dropped connection costs one
 * chunk at most. A failed chunk is sent again after a pause that grows; after a network failure the
 * server is asked where the upload stands and it goes on from there. Unfinished uploads are
 * remembered in this browser (by the file's name, size and date), so choosing the same file again
 * after a reload goes on where it stopped.
 */
import type { CaseUploadState } from "../shared/case-room";
import { adminLoginPath } from "./admin-api";
import { ApiError, type ApiErrorBody, readApiResponse } from "./api";

export type UploadCaseFileOptions = {
  /** The message of the uploader's own side the file comes with. */
  messageId?: number;
  /** Called as the bytes arrive at the server: how many of how many. */
  onProgress?: (sent: number, total: number) => void;
  /** Aborting stops the upload; it can be resumed by choosing the file again. */
  signal?: AbortSignal;
  /** Pauses (ms) before each new try of a failed chunk; more failures than this give up. */
  retryDelays?: readonly number[];
  /** The fetch to send with (the page's own by default). */
  fetch?: typeof fetch;
  /** Where unfinished uploads are remembered (the page's localStorage by default). */
  storage?: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
};

/** What the uploader needs of a File. */
export type UploadableFile = Blob & { name: string; lastModified: number };

const defaultRetryDelays = [500, 1000, 2000, 4000, 8000, 15000, 30000];

/** Where an unfinished upload of this file to this room is remembered. */
export function rememberedUploadKey(base: string, file: UploadableFile): string {
  return `case-upload:${base}:${file.name}:${file.size}:${file.lastModified}`;
}

function defaultStorage(): UploadCaseFileOptions["storage"] {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, "0")).join("");

/** The answer's JSON body, whatever its status. */
async function bodyOf(res: Response): Promise<(ApiErrorBody & { state?: CaseUploadState }) | null> {
  return (await res
    .clone()
    .json()
    .catch(() => null)) as (ApiErrorBody & { state?: CaseUploadState }) | null;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** A refusal that sending again will not change (the server has removed the upload, or never had it). */
const isFinal = (status: number, code: string | undefined) =>
  (status >= 400 && status < 500 && code !== "checksum_mismatch" && status !== 408 && status !== 429) || status === 507;

/**
 * Uploads `file` to the case room whose uploads live at `base` (`caseUploadsPath(side, reference)`);
 * answers the file's state once it is ready, or throws an ApiError with the server's message.
 */
export async function uploadCaseFile(base: string, file: UploadableFile, options: UploadCaseFileOptions = {}): Promise<CaseUploadState> {
  const send = options.fetch ?? fetch;
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const delays = options.retryDelays ?? defaultRetryDelays;
  const { signal } = options;
  const key = rememberedUploadKey(base, file);
  const admin = base.startsWith("/api/admin/");

  const request = async (method: string, url: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}) => {
    const res = await send(url, { method, credentials: "include", headers: { Accept: "application/json", ...init.headers }, body: init.body, signal });
    if (res.status === 401 && admin && typeof location !== "undefined" && location.pathname !== adminLoginPath) {
      location.assign(`${adminLoginPath}?returnTo=${encodeURIComponent(location.pathname + location.search)}`);
    }
    return res;
  };
  const forget = () => {
    try {
      storage?.removeItem(key);
    } catch {}
  };

  /** Where a remembered upload stands, or null when the server no longer has it. */
  const stateOf = async (id: number): Promise<CaseUploadState | null> => {
    const res = await request("GET", `${base}/${id}`);
    if (res.status === 404) return null;
    return readApiResponse<CaseUploadState>(res);
  };

  let resumed: CaseUploadState | null = null;
  const remembered = Number(storage?.getItem(key) ?? "");
  if (Number.isSafeInteger(remembered) && remembered > 0) {
    resumed = await stateOf(remembered).catch(() => null);
    if (!resumed || resumed.size !== file.size || resumed.status === "deleted") {
      resumed = null;
      forget();
    }
  }
  let state: CaseUploadState;
  if (resumed) state = resumed;
  else {
    const payload = { name: file.name, size: file.size, type: file.type, ...(options.messageId ? { messageId: options.messageId } : {}) };
    state = await readApiResponse<CaseUploadState>(
      await request("POST", base, { headers: { "Content-Type": "application/json" }, body: JSON.stringify(payload) }),
    );
    try {
      storage?.setItem(key, String(state.id));
    } catch {}
  }
  options.onProgress?.(state.receivedBytes, file.size);

  let failures = 0;
  while (state.status === "uploading") {
    signal?.throwIfAborted();
    const offset: number = state.receivedBytes;
    const bytes = await file.slice(offset, Math.min(file.size, offset + state.chunkBytes)).arrayBuffer();
    const sha = hex(await crypto.subtle.digest("SHA-256", bytes));
    let res: Response | null = null;
    try {
      res = await request("PUT", `${base}/${state.id}?offset=${offset}`, {
        headers: { "Content-Type": "application/octet-stream", "X-Chunk-Sha256": sha },
        body: bytes,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      res = null;
    }
    if (res?.ok) {
      state = (await res.json()) as CaseUploadState;
      failures = 0;
      options.onProgress?.(state.receivedBytes, file.size);
      continue;
    }
    const body = res ? await bodyOf(res) : null;
    if (res?.status === 409 && body?.state) {
      // The server is elsewhere (a chunk landed whose answer was lost): go on from there. Where it
      // is still here, it is busy with this very chunk sent before: wait a moment first.
      if (body.state.receivedBytes === offset) {
        const pause = delays[failures++];
        if (pause === undefined) throw new ApiError(409, "409: the upload is busy", body);
        await sleep(pause, signal);
      }
      state = body.state;
      continue;
    }
    if (res && isFinal(res.status, body?.error?.code)) {
      if (res.status !== 401 && res.status !== 403) forget();
      await readApiResponse(res);
      throw new ApiError(res.status, `${res.status}`, body);
    }
    // A dropped connection or a passing failure: wait, ask where the upload stands, and go on.
    const pause = delays[failures++];
    if (pause === undefined) {
      if (res) await readApiResponse(res);
      throw new ApiError(0, "The connection keeps failing; choose the file again to go on where it stopped.", null);
    }
    await sleep(pause, signal);
    const now: CaseUploadState | null = await stateOf(state.id).catch(() => state);
    if (!now) {
      forget();
      throw new ApiError(404, "404: the upload is gone", { error: { code: "not_found", message: "This upload was given up; please add the file again." } });
    }
    state = now;
  }
  forget();
  options.onProgress?.(file.size, file.size);
  return state;
}

/** Gives up an unfinished upload (its bytes and row go on the server) and forgets it here. */
export async function abandonCaseUpload(base: string, file: UploadableFile, options: Pick<UploadCaseFileOptions, "fetch" | "storage"> = {}): Promise<void> {
  const storage = options.storage === undefined ? defaultStorage() : options.storage;
  const key = rememberedUploadKey(base, file);
  const id = Number(storage?.getItem(key) ?? "");
  try {
    storage?.removeItem(key);
  } catch {}
  if (Number.isSafeInteger(id) && id > 0) await (options.fetch ?? fetch)(`${base}/${id}`, { method: "DELETE", credentials: "include" }).catch(() => {});
}
