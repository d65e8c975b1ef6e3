/** What the sign-in page says when Google sign-in came back refused (`/login?error=`). */
type Notice = { tone: "error"; text: string };

export const googleErrors = { failed: "google", unverified: "google-unverified" } as const;

export function googleSignInNotice(error: string | undefined): Notice | undefined {
  if (error === googleErrors.unverified) {
    return {
      tone: "error",
      text: "Google has not confirmed the e-mail address of that Google account, so we cannot sign you in with it. Please confirm it with Google first, or use your e-mail and password.",
    };
  }
  if (error === googleErrors.failed) return { tone: "error", text: "Google sign-in did not complete. Please try again, or use your e-mail and password." };
  return undefined;
}
