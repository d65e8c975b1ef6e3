/**
 * The admin islands' fetch wrapper: like the public one (api.ts), but it authenticates with the
 * admin's bearer token from sessionStorage (it dies with the tab) and never with a
 * cookie. A 401 means the token is missing, expired or revoked: it is forgotten and the browser is
 * sent to the sign-in page, which brings the admin back to where they were.
 */
import { readApiResponse } from "./api";

/** The sessionStorage key holding the admin's bearer token. */
export const adminTokenKey = "pi_admin_token";
export const adminLoginPath = "/admin/login";

/** Keeps the token the admin sign-in returned, for this tab only. */
export function saveAdminToken(token: string) {
  sessionStorage.setItem(adminTokenKey, token);
}

/** Forgets the admin's token (sign-out, or the server refused it). */
export function forgetAdminToken() {
  sessionStorage.removeItem(adminTokenKey);
}

/** Sends an admin request with the bearer token and returns the parsed JSON, or raises an ApiError. */
export async function adminRequest<T = unknown>(method: string, url: string, payload?: unknown): Promise<T> {
  const token = sessionStorage.getItem(adminTokenKey);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (payload !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(url, {
    method,
    credentials: "omit",
    headers,
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  if (res.status === 401) {
    forgetAdminToken();
    // On the sign-in page itself a 401 is a wrong password: its form shows the message instead.
    if (location.pathname !== adminLoginPath) {
      location.assign(`${adminLoginPath}?returnTo=${encodeURIComponent(location.pathname + location.search)}`);
    }
  }
  return readApiResponse<T>(res);
}
