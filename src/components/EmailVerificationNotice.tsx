/** Tells a signed-in customer their e-mail address is not confirmed yet, with a "send again" form. */
import type { CurrentUser } from "./site";

/** The form that sends the confirmation link again (POST /verify-email/resend). */
export function ResendLinkForm() {
  return (
    <form method="post" action="/verify-email/resend" data-pending>
      <button type="submit" className="btn btn-sm" data-pending-label="Sending...">
        Send the link again
      </button>
    </form>
  );
}

/** A warning with its words and, beside them (under them on a phone), the resend form. */
export const noticeWithActionClass = "alert alert-warning flex flex-col items-start gap-3 sm:flex-row sm:items-center";

export function EmailVerificationNotice({ user }: { user: CurrentUser | null }) {
  if (!user || user.emailVerified) return null;
  return (
    <div role="status" className={`${noticeWithActionClass} mt-6`}>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Please confirm your e-mail address</p>
        <p className="text-sm">
          We sent a link to {user.email}. Until you open it, you cannot order from the shop, and signing in with Google cannot be linked to this account safely.
        </p>
      </div>
      <ResendLinkForm />
    </div>
  );
}
