/**
 * The dashboard's Referral Program panel: the user's code (created on first request), a copy
 * button with its toast (docs/product.md#toasts-and-notices), the share link and the reward rules.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "../client/toast-store";

/** `generating`: the user has no code yet, so the first request creates one. */
export type ReferralPanelProps = { origin: string; firstReward: number; laterReward: number; generating: boolean };

export const referralCodeKey = ["/api/referral/code"] as const;

export default function ReferralPanel({ origin, firstReward, laterReward, generating }: ReferralPanelProps) {
  const code = useQuery<{ referralCode: string }>({ queryKey: referralCodeKey });
  const [copied, setCopied] = useState<"code" | "link" | null>(null);
  const value = code.data?.referralCode;
  const link = value ? `${origin}/?ref=${value}` : "";

  async function copy(what: "code" | "link") {
    const text = what === "code" ? value : link;
    if (!text) return;
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
      setTimeout(() => setCopied(null), 2000);
      toast({ title: "Copied!", description: what === "code" ? "Referral code copied to clipboard" : "Referral link copied to clipboard", variant: "success" });
    } catch {
      toast({ title: "Copy failed", description: "Select the code and copy it by hand.", variant: "destructive" });
    }
  }

  // The same text on the server and at hydration: it depends on props, not on fetch state.
  const placeholder = code.isError ? "Unavailable" : generating ? "Generating..." : "Loading...";
  return (
    <div className="space-y-4">
      <div>
        <p id="referral-code-label" className="text-sm text-base-content/80">
          Your referral code
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <output
            aria-labelledby="referral-code-label"
            className="rounded-box border border-base-300 bg-base-200 px-4 py-2 font-mono text-xl tracking-widest"
            data-testid="referral-code"
          >
            {value ?? placeholder}
          </output>
          <button type="button" className="btn btn-primary btn-sm" disabled={!value} onClick={() => void copy("code")}>
            {copied === "code" ? "Copied!" : "Copy Code"}
          </button>
        </div>
      </div>
      {value && (
        <div>
          <p className="text-sm text-base-content/80">Or share your link</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code className="break-all text-sm">{link}</code>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void copy("link")}>
              {copied === "link" ? "Copied!" : "Copy Link"}
            </button>
          </div>
        </div>
      )}
      <ul className="list-inside list-disc text-sm">
        <li>{`Earn $${firstReward} when someone you refer books their first service.`}</li>
        <li>{`Earn $${laterReward} for every service they book after that, for life.`}</li>
        <li>No limit on what you can earn. Rewards are confirmed once the service is delivered.</li>
      </ul>
    </div>
  );
}
