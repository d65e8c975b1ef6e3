/** Route-test helpers for the admin's sign-in cookie (src/server/auth/admin-cookie.ts). */

/** The admin token a sign-in answer set in its cookie (the body never carries it). */
export function adminTokenFrom(res: Response): string {
  for (const line of res.headers.getSetCookie()) {
    const match = /^(?:__Secure-)?pi_admin=([A-Za-z0-9_-]+);/.exec(line);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no admin cookie in the answer (status ${res.status})`);
}
