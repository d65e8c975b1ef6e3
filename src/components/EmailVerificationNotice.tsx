/** Tells a signed-in customer their e-mail address is not confirmed yet, with a "send again" form. */
import type { CurrentUser } from "./site";

export function EmailVerificationNotice({ user }: { user: CurrentUser | null }) {
  if (!user || user.emailVerified) return null;
  return (
    <div role="status" className="alert alert-warning mt-6">
      <div>
        <p className="font-semibold">Please confirm your e-mail address</p>
        <p className="text-sm">
          We sent a link to {user.email}. Until you open it, you cannot order from the shop, and signing in with Google cannot be linked to this account safely.
        </p>
      </div>
      <form method="post" action="/verify-email/resend">
        <button type="submit" className="btn btn-sm">
          Send the link again
        </button>
      </form>
    </div>
  );
}
