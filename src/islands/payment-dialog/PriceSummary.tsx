/** The dialog's price: the list price struck through and the badge only when a real discount applies. */
import { amountDueNote, type ServiceOffer } from "../../domain/payment";
import { formatMoneyPerUnit, formatMoneyWithCode } from "../../domain/format";

export function PriceSummary({ service }: { service: ServiceOffer }) {
  const discounted = service.percentOff > 0;
  const note = amountDueNote(service.unit, service.minimumUnits);
  return (
    <div className="rounded-box bg-base-200 p-4" data-testid="dialog-price">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        {discounted && (
          <del className="text-lg text-base-content/80">
            <span className="sr-only">List price </span>
            {formatMoneyPerUnit(service.unitListPrice, service.unit, service.currency)}
          </del>
        )}
        <span className="text-3xl font-bold">
          {discounted && <span className="sr-only">Your price </span>}
          {formatMoneyPerUnit(service.unitPrice, service.unit, service.currency)}
        </span>
        {discounted && <span className="badge badge-accent font-semibold">{`${service.percentOff}% OFF`}</span>}
      </p>
      <p className="mt-1 text-sm">
        {`Amount due: ${formatMoneyWithCode(service.amountDue, service.currency)}${note ? ` ${note}` : ""}`}
        {discounted && <span className="block text-base-content/80">New-client price, applied to your first service.</span>}
        {service.volumePercent > 0 && (
          <span className="block text-base-content/80" data-testid="dialog-volume">
            {`Volume discount (${service.volumePercent}%): ${formatMoneyWithCode(service.volumeSaving, service.currency)} off, included in the amount due.`}
          </span>
        )}
      </p>
    </div>
  );
}
