/** Crypto: the discounted price and the business's addresses, each with Copy Address. */
import { useEffect, useId, useRef, useState } from "react";
import { toast } from "../../client/toast-store";
import type { CryptoAddress, ServiceOffer } from "../../domain/payment";
import { formatMoney, formatMoneyWithCode } from "../../domain/format";
import { paymentMessages } from "../../shared/payment";

/** How long a Copy Address button reads "Copied!" (docs/product.md#toasts-and-notices). */
export const copiedIndicatorMs = 2000;

export function CryptoPanel({ service, addresses, discountPercent }: { service: ServiceOffer; addresses: CryptoAddress[]; discountPercent: number }) {
  const [copied, setCopied] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const base = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy(a: CryptoAddress) {
    try {
      await navigator.clipboard.writeText(a.address);
      setCopied(a.coin);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(null), copiedIndicatorMs);
      toast({ title: paymentMessages.copiedTitle, description: `${a.coin} address copied.`, variant: "success" });
    } catch {
      toast({ title: "Copy failed", description: "Select the address and copy it by hand.", variant: "destructive" });
    }
  }

  if (addresses.length === 0) {
    return (
      <div role="status" className="alert">
        <p>Cryptocurrency payments are not available right now. Please choose another payment method.</p>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <p>
        {"Pay "}
        <strong className="text-xl">{formatMoneyWithCode(service.cryptoAmount, service.currency)}</strong>
        {` in cryptocurrency: ${discountPercent}% off, you save ${formatMoney(service.cryptoSaving, service.currency)}.`}
      </p>
      <ul className="space-y-3">
        {addresses.map((a) => {
          const labelId = `${base}${a.coin.toLowerCase()}`;
          return (
            <li key={a.coin} className="rounded-box border border-base-300 p-3" data-coin={a.coin}>
              <p id={labelId} className="font-semibold">
                {a.coin} <span className="font-normal text-base-content/80">{`(${a.network})`}</span>
              </p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <code className="min-w-0 flex-1 break-all rounded bg-base-200 px-2 py-1 text-sm">{a.address}</code>
                <button type="button" className="btn btn-outline btn-sm" aria-describedby={labelId} onClick={() => void copy(a)}>
                  {copied === a.coin ? "Copied!" : "Copy Address"}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <ul className="list-inside list-disc space-y-1 text-sm">
        <li>{`Send the exact ${service.currency} equivalent of ${formatMoney(service.cryptoAmount, service.currency)} at the time you pay.`}</li>
        <li>
          Request the instructions (the Instructions tab) first: they carry your reference code. If your wallet has a memo or note field, put only that code in
          it. A memo is public and permanent, so never put your name or e-mail address there.
        </li>
        <li>Your service begins once the payment is confirmed.</li>
        <li>Confirmation takes 1-6 network confirmations, depending on the network.</li>
      </ul>
    </div>
  );
}
