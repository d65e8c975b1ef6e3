/**
 * The secure contact form. Rendered by the server as a plain POST form (works with JavaScript off);
 * once hydrated it validates with the shared zod schema, sends JSON and shows the contact toasts
 * (docs/product.md#toasts-and-notices). A sent message leaves a panel in the form's place that stays
 * until the visitor asks to send another, saying what happens next (a toast alone is gone in seconds,
 * and an emptied form looks as if nothing was sent). The notice above the form (failed, fields to
 * fix) belongs to the form, so each attempt replaces what the last one said, whether the server
 * rendered it or the island did. A mistake is focused and scrolled to the middle of the screen, clear
 * of the sticky header.
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { apiRequest, ApiError } from "../client/api";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { toast } from "../client/toast-store";
import { errorProps, FormField } from "../components/FormField";
import { FormNotice } from "../components/PlainForm";
import {
  contactDefaults,
  contactMessages,
  contactNextSteps,
  contactSchema,
  contactSuccessText,
  honeypotField,
  urgencyOptionsFor,
  type ContactFormValues,
  type ContactInput,
  type ContactNotice,
} from "../shared/contact";

export type ContactFormProps = {
  serviceOptions: { value: string; label: string }[];
  /** Values and errors from a no-JS submission the server re-rendered. */
  initialValues?: Partial<ContactFormValues>;
  initialErrors?: Record<string, string>;
  /** What the server's answer to a no-JS submission says above the form. */
  initialNotice?: ContactNotice;
  /** The reply time the owner promises (the response time setting), in hours. */
  responseHours?: number;
  /** The business's phone as customers may see it, empty when it is not shown (decision 037). */
  businessPhone?: string;
};

const fieldIds = {
  name: "contact-name",
  email: "contact-email",
  phone: "contact-phone",
  service: "contact-service",
  message: "contact-message",
  urgency: "contact-urgency",
} as const;

/** What the notice above the form says: the last attempt failed (a sent message has its panel instead). */
type FailedNotice = Exclude<ContactNotice, { kind: "sent" }>;

/** The notice above the form when an attempt failed. */
function ContactNoticeText({ notice, announce }: { notice: FailedNotice; announce: boolean }) {
  return (
    <FormNotice tone="error" title={contactMessages.failureTitle} announce={announce}>
      {notice.kind === "failed" ? notice.text : `${contactMessages.failureText} Please check the fields marked below.`}
    </FormNotice>
  );
}

/** Scrolls a control to the middle of the screen (clear of the sticky header) and focuses it. */
export function focusInView(element: HTMLElement | null) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "center" });
}

/**
 * What stays in the form's place once the message is sent: that it arrived, what happens next, and
 * a way to send another. Without JavaScript "Send another message" is a link to the empty form.
 */
function SentPanel({
  responseHours,
  businessPhone,
  takeFocus,
  onAnother,
}: {
  responseHours: number;
  businessPhone: string;
  takeFocus: boolean;
  onAnother?: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Sent from the island: the panel takes the focus, so it is read out and in view.
  useEffect(() => {
    if (takeFocus) focusInView(heading.current);
  }, [takeFocus]);
  return (
    <div role="status" className="rounded-box border border-success bg-base-100 p-5" data-testid="contact-sent">
      <h3 ref={heading} tabIndex={-1} className="text-xl font-semibold text-success">
        {contactMessages.successTitle}
      </h3>
      <p className="mt-2">{contactSuccessText(responseHours)}</p>
      <h4 className="mt-4 font-semibold">What happens next</h4>
      <ul className="mt-1 list-inside list-disc space-y-1">
        {contactNextSteps(responseHours, businessPhone).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {onAnother ? (
        <button type="button" className="btn btn-outline mt-4" onClick={onAnother}>
          Send another message
        </button>
      ) : (
        <a href="/contact#contact-form" className="btn btn-outline mt-4">
          Send another message
        </a>
      )}
    </div>
  );
}

export default function ContactForm({ serviceOptions, initialValues, initialErrors, initialNotice, responseHours = 2, businessPhone = "" }: ContactFormProps) {
  const form = useForm<ContactFormValues, unknown, ContactInput>({
    // The form holds strings (an unchosen service is ""); the schema turns them into ContactInput.
    resolver: standardSchemaResolver(contactSchema),
    defaultValues: { ...contactDefaults, ...initialValues },
    // The first mistake is focused by focusFirstError, which also scrolls it clear of the header.
    shouldFocusError: false,
  });
  const formRef = useRef<HTMLFormElement>(null);
  // Sent by the island (true) or shown after a no-JS send (the server's notice): the panel replaces the form.
  const [sent, setSent] = useState<"island" | "page" | null>(initialNotice?.kind === "sent" ? "page" : null);
  // Errors of a no-JS submission are shown until the next submit, and rendered on the server too.
  const [serverErrors, setServerErrors] = useState(initialErrors ?? {});
  const [notice, setNotice] = useState<FailedNotice | undefined>(initialNotice?.kind === "sent" ? undefined : initialNotice);
  const { register, handleSubmit, reset, setError, formState } = form;
  const initial = { ...contactDefaults, ...initialValues };
  // register() sets values through refs after mount; defaultValue puts them in the server's HTML too.
  const field = (name: keyof ContactFormValues) => ({ ...register(name), defaultValue: initial[name] });

  const send = useMutation({
    mutationFn: (input: ContactInput & { [honeypotField]?: string }) => apiRequest("POST", "/api/contacts", input),
    onSuccess: () => {
      setNotice(undefined);
      toast({ title: contactMessages.successTitle, description: contactSuccessText(responseHours), variant: "success" });
      reset(contactDefaults);
      setSent("island");
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields) {
        for (const [field, message] of Object.entries(err.fields)) {
          if (field in fieldIds) setError(field as keyof ContactFormValues, { type: "server", message });
        }
        requestAnimationFrame(focusFirstError);
      }
      const description = err instanceof ApiError && err.status === 429 && err.serverMessage ? err.serverMessage : contactMessages.failureText;
      setNotice(err instanceof ApiError && err.fields ? { kind: "invalid" } : { kind: "failed", text: description });
      toast({ title: contactMessages.failureTitle, description, variant: "destructive" });
    },
  });

  // A new attempt clears what the last one said, and the messages the server left under fields.
  const startAttempt = () => {
    setNotice(undefined);
    setServerErrors({});
  };
  /** The first control marked invalid, in the form's order, focused in the middle of the screen. */
  const focusFirstError = () => focusInView(formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null);
  const onSubmit = handleSubmit(
    (values, event) => {
      startAttempt();
      const trap = (event?.target as HTMLFormElement | undefined)?.elements.namedItem(honeypotField) as HTMLInputElement | null;
      send.mutate({ ...values, [honeypotField]: trap?.value ?? "" });
    },
    () => {
      startAttempt();
      // After React has marked the fields.
      requestAnimationFrame(focusFirstError);
    },
  );
  // The server's HTML has a link for "Send another message"; once hydrated it is a button.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // A no-JS submission's mistakes, once the island takes over: the first is focused, in view.
  const focusServerErrors = useEffectEvent(() => {
    if (initialErrors && Object.keys(initialErrors).length > 0) focusFirstError();
  });
  useEffect(() => focusServerErrors(), []);
  const sendAnother = () => {
    setSent(null);
    requestAnimationFrame(() => focusInView(document.getElementById(fieldIds.name)));
  };

  const err = (name: keyof ContactFormValues) => (formState.errors[name]?.message as string | undefined) ?? serverErrors[name];

  const urgencyOptions = urgencyOptionsFor(businessPhone);
  if (sent) {
    return (
      <SentPanel responseHours={responseHours} businessPhone={businessPhone} takeFocus={sent === "island"} onAnother={hydrated ? sendAnother : undefined} />
    );
  }
  return (
    <>
      {notice && <ContactNoticeText notice={notice} announce={notice === initialNotice} />}
      <form ref={formRef} method="post" action="/contact#contact-form" noValidate onSubmit={onSubmit} className="space-y-2" aria-label="Secure contact form">
        <div className="grid gap-x-4 sm:grid-cols-2">
          <FormField id={fieldIds.name} label="Full name" error={err("name")}>
            <input id={fieldIds.name} type="text" autoComplete="name" className="input w-full" {...errorProps(fieldIds.name, err("name"))} {...field("name")} />
          </FormField>
          <FormField id={fieldIds.email} label="E-mail" error={err("email")}>
            <input
              id={fieldIds.email}
              type="email"
              autoComplete="email"
              className="input w-full"
              {...errorProps(fieldIds.email, err("email"))}
              {...field("email")}
            />
          </FormField>
          <FormField id={fieldIds.phone} label="Phone (optional)" error={err("phone")}>
            <input
              id={fieldIds.phone}
              type="tel"
              autoComplete="tel"
              className="input w-full"
              {...errorProps(fieldIds.phone, err("phone"))}
              {...field("phone")}
            />
          </FormField>
          <FormField id={fieldIds.service} label="Service of interest" error={err("service")}>
            <select id={fieldIds.service} className="select w-full" {...errorProps(fieldIds.service, err("service"))} {...field("service")}>
              <option value="">Select a service</option>
              {serviceOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <FormField id={fieldIds.urgency} label="Urgency" error={err("urgency")}>
          <select id={fieldIds.urgency} className="select w-full" {...errorProps(fieldIds.urgency, err("urgency"))} {...field("urgency")}>
            {urgencyOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={fieldIds.message} label="Message" error={err("message")}>
          <textarea id={fieldIds.message} rows={6} className="textarea w-full" {...errorProps(fieldIds.message, err("message"))} {...field("message")} />
        </FormField>
        <div className="honeypot" aria-hidden="true">
          <label htmlFor="contact-website">Leave this field empty</label>
          <input id="contact-website" name={honeypotField} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <p className="text-sm text-base-content/80">Your message is sent over an encrypted connection and read only by your investigator.</p>
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={send.isPending}>
          {send.isPending ? "Sending..." : "Send Secure Message"}
        </button>
      </form>
    </>
  );
}
