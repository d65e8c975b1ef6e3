/**
 * The recovery codes of "Your account" (decision 039): how many are left, and new ones on request
 * (POST /api/admin/recovery-codes, which asks for the password again when the last one was given
 * more than 10 minutes ago). Fresh codes, from set-up or from a renewal, are shown this once, to
 * copy or download, and live only in the island's state until the admin says they are saved.
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { adminRequest } from "../../../client/admin-api";
import { toast } from "../../../client/toast-store";
import { type RecoveryCodes as RecoveryCodesAnswer, recoveryCodeCount } from "../../../shared/admin-totp";
import { toastFailure } from "../parts/toast-failure";

/** The codes shown once, with what to do with them. */
function FreshCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const text = `Recovery codes for the admin portal. Each works once.\n\n${codes.join("\n")}\n`;
  const download = () => {
    const href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = href;
    link.download = "recovery-codes.txt";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: "Copied to Clipboard", description: "Paste the codes somewhere safe, away from your phone.", variant: "success" });
    } catch {
      toast({ title: "Could not copy", description: "Select the codes and copy them, or download them.", variant: "destructive" });
    }
  };
  return (
    <div className="space-y-3 rounded-box border border-warning bg-base-200 p-4" data-testid="fresh-recovery-codes">
      <h3 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
        Save your recovery codes now
      </h3>
      <p className="text-sm">
        If you lose your phone, each of these codes signs you in once in place of the app's code. They are shown only now: keep them somewhere safe, away from
        your phone.
      </p>
      <ol className="grid grid-cols-1 gap-x-6 gap-y-1 font-mono text-base sm:grid-cols-2" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} className="whitespace-nowrap">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy()}>
          Copy codes
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={download}>
          Download as text
        </button>
        <button type="button" className="btn btn-primary btn-sm" onClick={onSaved}>
          I have saved them
        </button>
      </div>
    </div>
  );
}

export function RecoveryCodes({
  left,
  fresh,
  onRenewed,
  onSaved,
}: {
  left: number;
  fresh: string[] | null;
  onRenewed: (codes: string[]) => void;
  onSaved: () => void;
}) {
  const renew = useMutation({
    mutationFn: () => adminRequest<RecoveryCodesAnswer>("POST", "/api/admin/recovery-codes"),
    onSuccess: ({ recoveryCodes }) => onRenewed(recoveryCodes),
    onError: (err) => toastFailure("No new codes", err),
  });
  if (fresh) return <FreshCodes codes={fresh} onSaved={onSaved} />;
  const low = left <= 3;
  return (
    <div className="space-y-2" data-testid="recovery-codes">
      <h3 className="font-semibold">Recovery codes</h3>
      <p className={low ? "text-warning-content" : undefined}>
        <span className={low ? "badge badge-warning mr-2" : "badge badge-ghost mr-2"}>{`${left} of ${recoveryCodeCount}`}</span>
        {left === 0
          ? "No recovery codes left: make new ones, or a lost phone locks you out."
          : `${left === 1 ? "One code is" : `${left} codes are`} left for a lost phone.`}
      </p>
      <p className="text-sm text-base-content/80">Making new codes ends all the old ones, used or not.</p>
      <button type="button" className="btn btn-outline btn-sm" disabled={renew.isPending} onClick={() => renew.mutate()}>
        {renew.isPending ? "Making codes..." : "Make new codes"}
      </button>
    </div>
  );
}
