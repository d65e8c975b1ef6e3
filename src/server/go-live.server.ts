/** What the dashboard's to-do list and the daily digest read: the to-do groups and the "Before you go live" checklist. */
import { adminTodoGroups } from "../db/admin-todo.server";
import { goLiveMarksByItem, settingsSavedByOwner } from "../db/go-live-marks.server";
import { getSettings } from "../db/settings.server";
import { methodsOnOffer } from "../domain/payment-methods";
import { paypalConfig, paypalSandboxApiBase } from "../payments/paypal-config.server";
import type { AdminTodo } from "../shared/admin-todo";
import { applyGoLiveMarks, type GoLiveEnvironment, type GoLiveHistory, type GoLiveItem, goLiveChecklist } from "../shared/go-live";
import type { Settings } from "../shared/settings";
import type { AppDeps } from "./deps";
import type { Env } from "./env.server";

/**
 * The facts the checklist needs from the configuration (never a secret's value), and `servedAt`,
 * where the owner's browser reaches the running site, when the request says (its Referer).
 */
export function goLiveEnvironment(env: Env, servedAt?: string): GoLiveEnvironment {
  const paypal = paypalConfig(env);
  return {
    publicUrl: env.PUBLIC_URL,
    smtpConfigured: Boolean(env.SMTP_URL),
    businessEmailOverride: env.BUSINESS_EMAIL,
    mailFrom: env.MAIL_FROM,
    servedAt,
    paypalConfigured: paypal !== null,
    paypalSandbox: paypal !== null && new URL(paypal.apiBase).hostname === new URL(paypalSandboxApiBase).hostname,
  };
}

/**
 * The checklist, with a line for a bank account entered only in part (decision 067): bank transfer
 * is offered only with an account name, BSB and account number, so an owner who entered some of
 * them would otherwise find out from a customer that it is not. A made-up account has its own line
 * (shared/go-live.ts); an account emptied on purpose means the business takes no transfers.
 */
export function checklistFor(settings: Settings, env: GoLiveEnvironment, history?: GoLiveHistory): GoLiveItem[] {
  const items = goLiveChecklist(settings, env, history);
  const entered = (["bankAccountName", "bankBsb", "bankAccountNumber"] as const).filter((key) => settings[key].trim() !== "");
  const partly = settings.bankBsb.trim() !== "" || settings.bankAccountNumber.trim() !== "";
  if (items.some((i) => i.key === "bank") || !partly || methodsOnOffer(settings, env).bank) return items;
  const missing = (["bankAccountName", "bankBsb", "bankAccountNumber"] as const).find((key) => !entered.includes(key)) ?? "bankAccountNumber";
  const bank: GoLiveItem = {
    key: "bank",
    title: "Finish the bank account for transfers",
    detail: "Customers can choose bank transfer only once the account name, BSB and account number are all entered.",
    href: `/admin/settings#setting-${missing}`,
    setAside: "not_used",
  };
  // In the shared checklist's order: the bank line comes before the crypto, messaging and PayPal lines.
  const at = items.findIndex((i) => ["crypto", "messaging", "paypal"].includes(i.key));
  return at < 0 ? [...items, bank] : [...items.slice(0, at), bank, ...items.slice(at)];
}

/** Every line of the checklist still true, marks aside: what the owner's marks are checked against. */
export function currentChecklist(deps: Pick<AppDeps, "db" | "env">, servedAt?: string): GoLiveItem[] {
  return checklistFor(getSettings(deps.db), goLiveEnvironment(deps.env, servedAt), { savedSettings: settingsSavedByOwner(deps.db) });
}

/**
 * The to-do list and the checklist, as `GET /api/admin/todo` answers them: the lines still to do,
 * and those the owner set aside (shown folded, each with its undo). `servedAt` is the origin the
 * owner's browser used, when known (the daily digest has none).
 */
export function adminTodo(deps: Pick<AppDeps, "db" | "env">, now = new Date(), servedAt?: string): AdminTodo {
  const settings = getSettings(deps.db);
  const { open, setAside } = applyGoLiveMarks(currentChecklist(deps, servedAt), goLiveMarksByItem(deps.db));
  return { groups: adminTodoGroups(deps.db, settings.timezone, now), checklist: open, setAside };
}

/**
 * Where the owner's browser reaches the site, from the Referer of the dashboard's request: the
 * site sends it only to itself (Referrer-Policy same-origin), so it is the page's own origin as the
 * browser sees it, behind any proxy. Undefined when absent or unreadable.
 */
export function servedAtFrom(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
