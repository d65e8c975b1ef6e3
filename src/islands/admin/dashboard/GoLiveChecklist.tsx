/**
 * "Before you go live": each setting or configuration still missing, what it means and where it is
 * set; gone once all are done. A line the business does not use (PayPal, crypto) can be set aside
 * as not used, and a shipped value the owner keeps (the currency) as kept, each with a reason; the
 * lines set aside are listed folded below, each with Undo (decision 074).
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { adminRequest } from "../../../client/admin-api";
import { ApiError } from "../../../client/api";
import { toast } from "../../../client/toast-store";
import { EnvName } from "../../../components/EnvName";
import { errorProps, FormField } from "../../../components/FormField";
import type { AdminTodo } from "../../../shared/admin-todo";
import { type GoLiveItem, type GoLiveMarkKind, type GoLiveSetAside, goLiveSetAsideSchema } from "../../../shared/go-live";
import { SubmitButton } from "../parts/SubmitButton";
import { toastFailure } from "../parts/toast-failure";

/** The dashboard's query of GET /api/admin/todo, which every mark answers afresh. */
const todoKey = ["/api/admin/todo"] as const;

const markButton: Record<GoLiveMarkKind, string> = { not_used: "Not used", kept: "Keep it" };
const reasonLabel: Record<GoLiveMarkKind, string> = { not_used: "Why is it not used?", kept: "Why keep it?" };
const reasonHint: Record<GoLiveMarkKind, string> = {
  not_used: "Such as: we take bank transfers only. You can undo it at any time.",
  kept: "Such as: we charge in this currency. You can undo it at any time.",
};
const markedAs: Record<GoLiveMarkKind, string> = { not_used: "Not used", kept: "Kept" };

/** The way to do a line: a link into the settings, or the server's environment variable. */
function HowToDo({ item }: { item: GoLiveItem }) {
  if (item.href)
    return (
      <a href={item.href} className="btn btn-sm btn-outline" aria-label={`Set it: ${item.title}`}>
        Set it
      </a>
    );
  // A variable already set but not right is changed, not set: say what it holds now.
  return item.current ? (
    <p className="text-sm">
      <code className="rounded bg-base-200 px-1">
        <EnvName name={item.envVar} />
      </code>
      {" is "}
      <code className="break-all rounded bg-base-200 px-1">{item.current}</code>
      {": change it where the server is started"}
    </p>
  ) : (
    <p className="text-sm">
      {"Start the server with "}
      <code className="rounded bg-base-200 px-1">
        <EnvName name={item.envVar} />
      </code>
    </p>
  );
}

/** The reason form of one line, opened by its "Not used" or "Keep it" button. */
function SetAsideForm({ item, mark, onDone }: { item: GoLiveItem; mark: GoLiveMarkKind; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = `${useId()}reason`;
  const field = useRef<HTMLInputElement>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  useEffect(() => field.current?.focus(), []);
  const save = useMutation({
    mutationFn: (input: { mark: GoLiveMarkKind; reason: string }) =>
      adminRequest<AdminTodo>("POST", `/api/admin/go-live/${encodeURIComponent(item.key)}/set-aside`, input),
    onSuccess: (todo) => {
      queryClient.setQueryData(todoKey, todo);
      toast({ title: `Set aside: ${item.title}`, variant: "success" });
      onDone();
    },
    onError: (err) => {
      const message = err instanceof ApiError ? err.fields?.reason : undefined;
      if (message) {
        setError(message);
        field.current?.focus();
        return;
      }
      toastFailure("The line was not set aside", err);
    },
  });
  return (
    <form
      noValidate
      className="mt-2 space-y-2 rounded-box bg-base-200 p-3"
      aria-label={`${markButton[mark]}: ${item.title}`}
      onSubmit={(e) => {
        e.preventDefault();
        const checked = goLiveSetAsideSchema.safeParse({ mark, reason });
        if (!checked.success) {
          setError(checked.error.issues[0]?.message);
          field.current?.focus();
          return;
        }
        setError(undefined);
        save.mutate(checked.data);
      }}
    >
      <FormField id={id} label={reasonLabel[mark]} error={error} hint={reasonHint[mark]} hintStays>
        <input
          ref={field}
          id={id}
          type="text"
          maxLength={200}
          className="input input-sm w-full"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          {...errorProps(id, error)}
        />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost btn-sm" disabled={save.isPending} onClick={onDone}>
          Cancel
        </button>
        <SubmitButton label={markButton[mark]} pending={save.isPending} pendingLabel="Saving..." className="btn btn-primary btn-sm" />
      </div>
    </form>
  );
}

function OpenLine({ item }: { item: GoLiveItem }) {
  const [marking, setMarking] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const mark = item.setAside;
  return (
    <li className="py-3" data-testid="go-live-item">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <p className="font-semibold">{item.title}</p>
          <p className="text-sm break-words text-base-content/80">{item.detail}</p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2 sm:max-w-[45%] sm:justify-end">
          <HowToDo item={item} />
          {mark && !marking && (
            <button
              ref={opener}
              type="button"
              className="btn btn-sm btn-ghost"
              aria-label={`${markButton[mark]}: ${item.title}`}
              onClick={() => setMarking(true)}
            >
              {markButton[mark]}
            </button>
          )}
        </div>
      </div>
      {mark && marking && (
        <SetAsideForm
          item={item}
          mark={mark}
          onDone={() => {
            setMarking(false);
            requestAnimationFrame(() => opener.current?.focus());
          }}
        />
      )}
    </li>
  );
}

function SetAsideLine({ item }: { item: GoLiveSetAside }) {
  const queryClient = useQueryClient();
  const undo = useMutation({
    mutationFn: () => adminRequest<AdminTodo>("POST", `/api/admin/go-live/${encodeURIComponent(item.key)}/undo`),
    onSuccess: (todo) => {
      queryClient.setQueryData(todoKey, todo);
      toast({ title: `Back on the checklist: ${item.title}`, variant: "success" });
    },
    onError: (err) => toastFailure("The line was not put back", err),
  });
  return (
    <li className="flex flex-col gap-1 py-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4" data-testid="go-live-set-aside">
      <div className="min-w-0 text-sm">
        <p>
          <span className="font-semibold">{item.title}</span>
          <span className="badge badge-ghost badge-sm ml-2">{markedAs[item.mark.kind]}</span>
        </p>
        <p className="break-words text-base-content/80">{`“${item.mark.reason}”, ${item.mark.by}`}</p>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-ghost shrink-0 self-start"
        disabled={undo.isPending}
        aria-label={`Undo: put “${item.title}” back on the checklist`}
        onClick={() => undo.mutate()}
      >
        {undo.isPending ? "Undoing..." : "Undo"}
      </button>
    </li>
  );
}

export function GoLiveChecklist({ items, setAside = [] }: { items: GoLiveItem[]; setAside?: GoLiveSetAside[] }) {
  if (items.length === 0 && setAside.length === 0) return null;
  return (
    <section aria-labelledby="go-live-title" className={`card border bg-base-100 ${items.length ? "border-warning" : "border-base-300"}`} data-testid="go-live">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id="go-live-title" className="card-title">
          Before you go live
        </h2>
        <p className="text-sm text-base-content/80">
          {items.length
            ? `${items.length} ${items.length === 1 ? "thing is" : "things are"} not ready for real customers yet. Customers never see a made-up detail: until you set it, they are told it will follow.`
            : "Everything is ready; the lines below are set aside."}
        </p>
        {items.length > 0 && (
          <ul className="divide-y divide-base-300">
            {items.map((item) => (
              <OpenLine key={item.key} item={item} />
            ))}
          </ul>
        )}
        {setAside.length > 0 && (
          <details className="rounded-box border border-base-300 px-3 py-2" data-testid="go-live-set-aside-list">
            <summary className="cursor-pointer text-sm font-semibold">{`Set aside (${setAside.length})`}</summary>
            <ul className="divide-y divide-base-300">
              {setAside.map((item) => (
                <SetAsideLine key={item.key} item={item} />
              ))}
            </ul>
          </details>
        )}
      </div>
    </section>
  );
}
