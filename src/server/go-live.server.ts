/** What the dashboard's to-do list and the daily digest read: the to-do groups and the "Before you go live" checklist. */
import { adminTodoGroups } from "../db/admin-todo.server";
import { getSettings } from "../db/settings.server";
import { paypalConfig, paypalSandboxApiBase } from "../payments/paypal-config.server";
import type { AdminTodo } from "../shared/admin-todo";
import { type GoLiveEnvironment, goLiveChecklist } from "../shared/go-live";
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

/** The to-do list and the checklist, as `GET /api/admin/todo` answers them. */
export function adminTodo(deps: Pick<AppDeps, "db" | "env">, now = new Date()): AdminTodo {
  const settings = getSettings(deps.db);
  return { groups: adminTodoGroups(deps.db, settings.timezone, now), checklist: goLiveChecklist(settings, goLiveEnvironment(deps.env)) };
}
