/**
 * How the customer pays a booking: in full, or in 2, 3 or 4 interest-free payments, each choice
 * with its amounts and due dates as the server scheduled them. Once a plan is chosen, the dialog
 * shows its next instalment instead (`NextInstalment`).
 */
import { useId } from "react";
import { formatMoney } from "../../domain/format";
import { planPromise } from "../../domain/promised-percents";
import type { PlanInstalmentChoice, PlanInstalmentView, PlanOption, PlanView } from "../../shared/payment-plan";
import { interestFree, nextInstalmentText, planChoiceLabel, planProgressText, scheduleText } from "./plan-text";

export function PlanChoice({
  total,
  currency,
  options,
  value,
  onChange,
}: {
  /** The booking's price (a two-place decimal), paid in full by the first choice. */
  total: string;
  currency: string;
  options: PlanOption[];
  value: PlanInstalmentChoice;
  onChange: (count: PlanInstalmentChoice) => void;
}) {
  const base = useId();
  const choices = [{ count: 1, amounts: [total], dueOn: [] as string[] }, ...options];
  return (
    <fieldset className="space-y-2" data-testid="plan-choice">
      <legend className="mb-2 font-semibold">How would you like to pay?</legend>
      {choices.map((o) => {
        const id = `${base}plan-${o.count}`;
        const free = o.count > 1 && interestFree(o.amounts, total);
        return (
          <label
            key={o.count}
            htmlFor={id}
            className={`flex cursor-pointer items-start gap-3 rounded-box border p-3 ${value === o.count ? "border-primary bg-primary/5" : "border-base-300"}`}
          >
            <input
              id={id}
              type="radio"
              name={`${base}plan`}
              className="radio radio-primary radio-sm mt-0.5 shrink-0"
              value={o.count}
              checked={value === o.count}
              onChange={() => onChange(o.count as PlanInstalmentChoice)}
            />
            <span className="min-w-0">
              <span className="block font-semibold">{planChoiceLabel(o.count)}</span>
              <span className="block text-sm break-words">{o.count === 1 ? `${formatMoney(total, currency)} today` : scheduleText(o, currency)}</span>
              {free && <span className="block text-sm text-base-content/80">{planPromise}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

/** A booking paid by a plan: the instalment this payment is for, and how many are paid. */
export function NextInstalment({ plan, instalment }: { plan: PlanView; instalment: PlanInstalmentView }) {
  return (
    <div className="rounded-box border border-primary/40 p-3" data-testid="plan-next">
      <p className="font-semibold">{nextInstalmentText(plan, instalment)}</p>
      <p className="text-sm text-base-content/80">{`Your ${plan.count}-payment plan: ${planProgressText(plan)}.`}</p>
    </div>
  );
}
