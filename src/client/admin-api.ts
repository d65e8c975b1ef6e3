/**
 * The admin islands' fetch wrapper: like the public one (api.ts), but for /api/admin, where the
 * browser sends the admin's HttpOnly cookie (decision 039: one sign-in for every tab, and no script,
 * ours included, ever holds the token). A 401 means the sign-in is missing, expired or revoked: the
 * browser is sent to the sign-in page, which brings the admin back to where they were. A 403
 * `reauth_required` (a sensitive change, decision 027) opens the dialog that asks for the password
 * again, and the request is sent once more when the admin confirms it.
 */
import { readApiResponse } from "./api";
import { requestReauth } from "./reauth-store";

export const adminLoginPath = "/admin/login";

/** Whether `res` refuses a sensitive change until the password is given again. */
async function needsReauth(res: Response): Promise<boolean> {
  if (res.status !== 403) return false;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { error?: { code?: string } } | null;
  return body?.error?.code === "reauth_required";
}

/**
 * Fetches with the admin cookie; a 401 leads to sign-in (not on sign-in itself); a 403
 * `reauth_required` asks for the password and, once it is confirmed, sends the request again
 * (cancelled, the 403 is answered and its message shown).
 */
async function adminFetch(method: string, url: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}): Promise<Response> {
  const res = await send(method, url, init);
  if ((await needsReauth(res)) && (await requestReauth())) return send(method, url, init);
  return res;
}

async function send(method: string, url: string, init: { headers?: Record<string, string>; body?: BodyInit }): Promise<Response> {
  const res = await fetch(url, { method, credentials: "same-origin", headers: { ...init.headers }, body: init.body });
  if (res.status === 401) {
    // On the sign-in page itself a 401 is a wrong password: its form shows the message instead.
    if (location.pathname !== adminLoginPath) {
      location.assign(`${adminLoginPath}?returnTo=${encodeURIComponent(location.pathname + location.search)}`);
    }
  }
  return res;
}

/** Sends an admin request with the admin cookie and returns the parsed JSON, or raises an ApiError. */
export async function adminRequest<T = unknown>(method: string, url: string, payload?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (payload !== undefined) headers["Content-Type"] = "application/json";
  const res = await adminFetch(method, url, { headers, body: payload === undefined ? undefined : JSON.stringify(payload) });
  return readApiResponse<T>(res);
}

/** Uploads one file as multipart form data (field `file`) and returns the parsed JSON answer. */
export async function adminUpload<T = unknown>(url: string, file: File): Promise<T> {
  const body = new FormData();
  body.append("file", file);
  const res = await adminFetch("POST", url, { headers: { Accept: "application/json" }, body });
  return readApiResponse<T>(res);
}

/**
 * Downloads a file the API answers (a CSV export) under the name the server gives it. The bytes are
 * fetched (so a 401 or a re-check is handled as for any request) and handed to the browser as a download.
 */
export async function adminDownload(url: string, fallbackName: string): Promise<void> {
  const res = await adminFetch("GET", url, { headers: { Accept: "text/csv, text/html, application/json" } });
  if (!res.ok) {
    await readApiResponse(res);
    return;
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? fallbackName;
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
