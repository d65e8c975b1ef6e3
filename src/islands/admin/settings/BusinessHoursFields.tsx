/** The business hours as four fields: the slot length, when the day starts and ends, and the weekdays open. */
import { get } from "react-hook-form";
import { FormField, hintAndErrorProps } from "../../../components/FormField";
import { type SettingsPartProps, settingFieldId as id } from "./form-parts";

const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export function BusinessHoursFields({ form, error }: SettingsPartProps) {
  const { register, watch, setValue, formState } = form;
  const days = watch("businessHours.days") ?? [];
  const toggleDay = (day: number, on: boolean) => {
    const next = on ? [...days.filter((d) => d !== day), day].sort((a, b) => a - b) : days.filter((d) => d !== day);
    setValue("businessHours.days", next, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };
  // The weekdays' error sits on the list, or on one of its entries (a weekday out of range).
  const daysErrors = get(formState.errors, "businessHours.days") as { message?: string } | { message?: string }[] | undefined;
  const daysError = daysErrors ? (Array.isArray(daysErrors) ? daysErrors.find((e) => e?.message)?.message : daysErrors.message) : undefined;
  return (
    <>
      <FormField hintStays id={id("slotMinutes")} label="Slot length (minutes)" hint="15 to 240 minutes." error={error("businessHours.slotMinutes")}>
        <input
          id={id("slotMinutes")}
          type="number"
          step="15"
          inputMode="numeric"
          className="input w-full"
          {...hintAndErrorProps(id("slotMinutes"), error("businessHours.slotMinutes"))}
          {...register("businessHours.slotMinutes", { valueAsNumber: true })}
        />
      </FormField>
      <FormField hintStays id={id("start")} label="Day starts" hint="HH:MM, 24-hour clock." error={error("businessHours.start")}>
        <input
          id={id("start")}
          type="time"
          className="input w-full"
          {...hintAndErrorProps(id("start"), error("businessHours.start"))}
          {...register("businessHours.start")}
        />
      </FormField>
      <FormField hintStays id={id("end")} label="Day ends" hint="After the start, with room for one slot." error={error("businessHours.end")}>
        <input
          id={id("end")}
          type="time"
          className="input w-full"
          {...hintAndErrorProps(id("end"), error("businessHours.end"))}
          {...register("businessHours.end")}
        />
      </FormField>
      <fieldset className="fieldset sm:col-span-2" aria-describedby={`${id("days")}-hint${daysError ? ` ${id("days")}-error` : ""}`}>
        <legend className="fieldset-legend">Open on</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {weekdays.map((name, day) => (
            <label key={name} className="label cursor-pointer gap-2 text-base-content">
              <input type="checkbox" className="checkbox checkbox-sm" checked={days.includes(day)} onChange={(e) => toggleDay(day, e.currentTarget.checked)} />
              {name}
            </label>
          ))}
        </div>
        <p id={`${id("days")}-hint`} className="label whitespace-normal">
          Weekdays with booking times. Tick at least one.
        </p>
        {daysError && (
          <p id={`${id("days")}-error`} className="text-sm text-error" role="alert">
            {daysError}
          </p>
        )}
      </fieldset>
    </>
  );
}
