/**
 * "How should we contact you?": the booking's contact method as radio buttons, in the booking
 * island (controlled, `onChoose`) and in the plain form without JavaScript (`defaultChecked`).
 */
import { contactMethods } from "../shared/booking";

type ContactMethod = (typeof contactMethods)[number]["value"];

export function ContactMethodChoice({
  idPrefix,
  chosen,
  error,
  onChoose,
}: {
  /** Prefix of the radios' and the error's ids ("b" in the island, "nb" in the plain form). */
  idPrefix: string;
  /** The method shown as chosen (a plain form's value may be any text: only a known one is checked). */
  chosen?: string;
  error?: string;
  /** The island's handler; without one the radios are a plain form's (uncontrolled). */
  onChoose?: (method: ContactMethod) => void;
}) {
  const errorId = `${idPrefix}-contact-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold">How should we contact you?</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {contactMethods.map((m) => (
          <label key={m.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="radio"
              className="radio radio-sm"
              id={`${idPrefix}-contact-${m.value}`}
              name="contactMethod"
              value={m.value}
              {...(onChoose ? { checked: chosen === m.value, onChange: () => onChoose(m.value) } : { defaultChecked: chosen === m.value })}
            />
            {m.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
