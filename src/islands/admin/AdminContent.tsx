/**
 * /admin/content: every content section of the public pages and every service-pricing entry, each
 * a card with an Edit button that opens its dialog (admin-content/). Saving updates the list in
 * place; the public pages show the change at their next request.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { toast } from "../../client/toast-store";
import { formatInstantDate, formatMoneyPerUnit } from "../../domain/format";
import type { ContentSectionView } from "../../shared/content";
import type { ServicePricingView } from "../../shared/service-pricing";
import { ContentDialog } from "./admin-content/ContentDialog";
import type { Json } from "./admin-content/ContentFields";
import { PricingDialog } from "./admin-content/PricingDialog";
import { PageHeader } from "./parts/PageHeader";
import { DialogButton } from "./parts/DialogButton";
import { useCurrency, withCurrency } from "./parts/money";

export type AdminContentProps = { timeZone: string };

export const adminContentKey = ["/api/admin/content"] as const;
export const adminPricingKey = ["/api/admin/pricing"] as const;

type Editing = { kind: "content" | "pricing"; id: string } | null;

const kindLabels: Record<string, string> = { package: "Package", tracking: "Vehicle tracking", combined: "Combined", volume: "Volume discount" };

/** What a section's card quotes: its heading if it has one, otherwise its first text. */
function preview(content: Json): string {
  return typeof content === "object" && !Array.isArray(content) && typeof content.title === "string" ? content.title : firstText(content);
}

function firstText(value: Json): string {
  if (typeof value === "string") return value;
  for (const v of Array.isArray(value) ? value : Object.values(value)) {
    const text = firstText(v);
    if (text) return text;
  }
  return "";
}

/** A price as the public pages show it; a volume discount as its percent. */
function priceLabel(p: ServicePricingView, currency: string): string {
  if (p.unit === "percent") return Number(p.price) > 0 ? `${Number(p.price)}% off` : "Standard rate";
  return formatMoneyPerUnit(p.price, p.unit, currency);
}

function EditButton({ name, onOpen }: { name: string; onOpen: (button: HTMLButtonElement) => void }) {
  return (
    <DialogButton className="btn btn-sm btn-outline" onOpen={onOpen}>
      Edit<span className="sr-only">{` ${name}`}</span>
    </DialogButton>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error flex flex-wrap justify-between">
      <p>This list could not be loaded.</p>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function Placeholders() {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-hidden="true">
      {[0, 1, 2, 3].map((i) => (
        <li key={i} className="skeleton h-32" />
      ))}
    </ul>
  );
}

function AdminContentBody({ timeZone }: AdminContentProps) {
  const currency = useCurrency();
  const queryClient = useQueryClient();
  const content = useQuery<ContentSectionView[]>({ queryKey: adminContentKey });
  const pricing = useQuery<ServicePricingView[]>({ queryKey: adminPricingKey });
  const [editing, setEditing] = useState<Editing>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  const loadFailed = content.isError || pricing.isError;
  useEffect(() => {
    if (loadFailed) toast({ title: "Failed to load content", description: "Please try again.", variant: "destructive" });
  }, [loadFailed]);

  const open = (kind: "content" | "pricing", id: string) => (button: HTMLButtonElement) => {
    opener.current = button;
    setEditing({ kind, id });
  };
  const onClose = () => {
    setEditing(null);
    opener.current?.focus();
  };

  const section = editing?.kind === "content" ? content.data?.find((s) => s.id === editing.id) : undefined;
  const entry = editing?.kind === "pricing" ? pricing.data?.find((p) => p.id === editing.id) : undefined;

  return (
    <div className="space-y-10">
      <PageHeader
        title="Content and Pricing"
        description="The texts of the public pages and the service price list. A saved change shows on the site at once."
      />

      <section aria-labelledby="website-content" className="space-y-4" aria-busy={content.isPending}>
        <h2 id="website-content" className="text-xl font-semibold">
          Website content
        </h2>
        {content.isError && <LoadFailed onRetry={() => content.refetch()} />}
        {content.isPending && <Placeholders />}
        {content.data && (
          <ul className="grid gap-3 md:grid-cols-2" data-testid="content-sections">
            {content.data.map((s) => (
              <li key={s.id} className="card border border-base-300 bg-base-100">
                <div className="card-body gap-2 p-4">
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="font-semibold">{s.title}</h3>
                    <EditButton name={s.title} onOpen={open("content", s.id)} />
                  </div>
                  <p className="line-clamp-2 text-sm text-base-content/80">{preview(s.content as Json)}</p>
                  {s.updatedAt && <p className="text-xs text-base-content/70">{`Last changed ${formatInstantDate(s.updatedAt, timeZone)}`}</p>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="service-pricing" className="space-y-4" aria-busy={pricing.isPending}>
        <h2 id="service-pricing" className="text-xl font-semibold">
          Service pricing
        </h2>
        {pricing.isError && <LoadFailed onRetry={() => pricing.refetch()} />}
        {pricing.isPending && <Placeholders />}
        {pricing.data && (
          <ul className="grid gap-3 md:grid-cols-2" data-testid="service-pricing">
            {pricing.data.map((p) => (
              <li key={p.id} className="card border border-base-300 bg-base-100">
                <div className="card-body gap-2 p-4">
                  <div className="flex items-start justify-between gap-3">
                    <div>
                      <h3 className="font-semibold">{p.name}</h3>
                      <div className="mt-1 flex flex-wrap gap-1">
                        <span className="badge badge-sm badge-ghost">{kindLabels[p.kind] ?? p.kind}</span>
                        {p.isPopular && <span className="badge badge-sm badge-primary">Popular</span>}
                        {!p.isActive && <span className="badge badge-sm badge-warning">Hidden</span>}
                      </div>
                    </div>
                    <EditButton name={p.name} onOpen={open("pricing", p.id)} />
                  </div>
                  <p className="text-2xl font-bold">{priceLabel(p, currency)}</p>
                  {p.description && <p className="text-sm">{p.description}</p>}
                  {p.features.length > 0 && (
                    <ul className="list-inside list-disc text-sm text-base-content/80">
                      {p.features.map((f, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a static list whose texts may repeat
                        <li key={i}>{f}</li>
                      ))}
                    </ul>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {section && (
        <ContentDialog
          section={section}
          onClose={onClose}
          onSaved={(saved) => queryClient.setQueryData<ContentSectionView[]>(adminContentKey, (list) => list?.map((s) => (s.id === saved.id ? saved : s)))}
        />
      )}
      {entry && (
        <PricingDialog
          entry={entry}
          onClose={onClose}
          onSaved={(saved) => queryClient.setQueryData<ServicePricingView[]>(adminPricingKey, (list) => list?.map((p) => (p.id === saved.id ? saved : p)))}
        />
      )}
    </div>
  );
}

/** The island's root: the currency setting for every amount its parts show. */
export default withCurrency(AdminContentBody);
