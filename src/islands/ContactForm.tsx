/**
 * The secure contact form. Rendered by the server as a plain POST form (works with JavaScript off);
 * once hydrated it validates with the shared zod schema, sends JSON, shows the contact toasts (docs/product.md#toasts-and-notices) and
 * resets. The notice above the form (sent, failed, fields to fix) belongs to the form, so each attempt
 * replaces what the last one said, whether the server rendered it or the island did.
 */
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { apiRequest, ApiError } from "../client/api";
import { standardSchemaResolver } from "@hookform/resolvers/standard-schema";
import { toast } from "../client/toast-store";
import { errorProps, FormField } from "../components/FormField";
import { FormNotice } from "../components/PlainForm";
import {
  contactDefaults,
  contactMessages,
  contactSchema,
  honeypotField,
  urgencyOptions,
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
};

const fieldIds = {
  name: "contact-name",
  email: "contact-email",
  phone: "contact-phone",
  service: "contact-service",
  message: "contact-message",
  urgency: "contact-urgency",
} as const;

/** The notice above the form. One the island sets after a send is not announced again: the toast did. */
function ContactNoticeText({ notice, announce }: { notice: ContactNotice; announce: boolean }) {
  if (notice.kind === "sent") {
    return (
      <FormNotice tone="success" title={contactMessages.successTitle} announce={announce}>
        {contactMessages.successText}
      </FormNotice>
    );
  }
  return (
    <FormNotice tone="error" title={contactMessages.failureTitle} announce={announce}>
      {notice.kind === "failed" ? notice.text : `${contactMessages.failureText} Please check the fields marked below.`}
    </FormNotice>
  );
}

export default function ContactForm({ serviceOptions, initialValues, initialErrors, initialNotice }: ContactFormProps) {
  const form = useForm<ContactFormValues, unknown, ContactInput>({
    // The form holds strings (an unchosen service is ""); the schema turns them into ContactInput.
    resolver: standardSchemaResolver(contactSchema),
    defaultValues: { ...contactDefaults, ...initialValues },
  });
  // Errors of a no-JS submission are shown until the next submit, and rendered on the server too.
  const [serverErrors, setServerErrors] = useState(initialErrors ?? {});
  const [notice, setNotice] = useState(initialNotice);
  const { register, handleSubmit, reset, setError, formState } = form;
  const initial = { ...contactDefaults, ...initialValues };
  // register() sets values through refs after mount; defaultValue puts them in the server's HTML too.
  const field = (name: keyof ContactFormValues) => ({ ...register(name), defaultValue: initial[name] });

  const send = useMutation({
    mutationFn: (input: ContactInput & { [honeypotField]?: string }) => apiRequest("POST", "/api/contacts", input),
    onSuccess: () => {
      setNotice({ kind: "sent" });
      toast({ title: contactMessages.successTitle, description: contactMessages.successText, variant: "success" });
      reset(contactDefaults);
    },
    onError: (err) => {
      if (err instanceof ApiError && err.fields) {
        for (const [field, message] of Object.entries(err.fields)) {
          if (field in fieldIds) setError(field as keyof ContactFormValues, { type: "server", message });
        }
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
  const onSubmit = handleSubmit((values, event) => {
    startAttempt();
    const trap = (event?.target as HTMLFormElement | undefined)?.elements.namedItem(honeypotField) as HTMLInputElement | null;
    send.mutate({ ...values, [honeypotField]: trap?.value ?? "" });
  }, startAttempt);

  const err = (name: keyof ContactFormValues) => (formState.errors[name]?.message as string | undefined) ?? serverErrors[name];

  return (
    <>
      {notice && <ContactNoticeText notice={notice} announce={notice === initialNotice} />}
      <form method="post" action="/contact#contact-form" noValidate onSubmit={onSubmit} className="space-y-2" aria-label="Secure contact form">
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
