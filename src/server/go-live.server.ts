/** What the dashboard's to-do list and the daily digest read: the to-do groups and the "Before you go live" checklist. */
import { adminTodoGroups } from "../db/admin-todo.server";
import { getSettings } from "../db/settings.server";
import { methodsOnOffer } from "../domain/payment-methods";
import { paypalConfig, paypalSandboxApiBase } from "../payments/paypal-config.server";
import type { AdminTodo } from "../shared/admin-todo";
import { type GoLiveEnvironment, type GoLiveItem, goLiveChecklist } from "../shared/go-live";
import type { Settings } from "../shared/settings";
import type { AppDeps } from "./deps";
import type { Env } from "./env.server";

/** The facts the checklist needs from the configuration (never a secret's value). */
export function goLiveEnvironment(env: Env): GoLiveEnvironment {
  const paypal = paypalConfig(env);
  return {
    publicUrl: env.PUBLIC_URL,
    smtpConfigured: Boolean(env.SMTP_URL),
    businessEmailOverride: env.BUSINESS_EMAIL,
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
export function checklistFor(settings: Settings, env: GoLiveEnvironment): GoLiveItem[] {
  const items = goLiveChecklist(settings, env);
  const entered = (["bankAccountName", "bankBsb", "bankAccountNumber"] as const).filter((key) => settings[key].trim() !== "");
  const partly = settings.bankBsb.trim() !== "" || settings.bankAccountNumber.trim() !== "";
  if (items.some((i) => i.key === "bank") || !partly || methodsOnOffer(settings, env).bank) return items;
  const missing = (["bankAccountName", "bankBsb", "bankAccountNumber"] as const).find((key) => !entered.includes(key)) ?? "bankAccountNumber";
  const bank: GoLiveItem = {
    key: "bank",
    title: "Finish the bank account for transfers",
    detail: "Customers can choose bank transfer only once the account name, BSB and account number are all entered.",
    href: `/admin/settings#setting-${missing}`,
  };
  // In the shared checklist's order: the bank line comes before the crypto, messaging and PayPal lines.
  const at = items.findIndex((i) => ["crypto", "messaging", "paypal"].includes(i.key));
  return at < 0 ? [...items, bank] : [...items.slice(0, at), bank, ...items.slice(at)];
}

/** The to-do list and the checklist, as `GET /api/admin/todo` answers them. */
export function adminTodo(deps: Pick<AppDeps, "db" | "env">, now = new Date()): AdminTodo {
  const settings = getSettings(deps.db);
  return { groups: adminTodoGroups(deps.db, settings.timezone, now), checklist: checklistFor(settings, goLiveEnvironment(deps.env)) };
}
