/**
 * The to-do list: one card per group with something waiting, with its count, its oldest items (each
 * a link to its record) and a link to the whole list; the groups with nothing waiting are named in
 * one line below them, so on a phone the real work is at the top. A refund owed carries its "Mark
 * sent" form (owners only).
 */
import type { UseQueryResult } from "@tanstack/react-query";
import { type AdminTodo, nounList, splitTodoGroups, type TodoGroup } from "../../../shared/admin-todo";
import { MarkRefundSent } from "./MarkRefundSent";

function GroupCard({ group, ownerView }: { group: TodoGroup; ownerView: boolean }) {
  const headingId = `todo-${group.key}`;
  const more = group.count - group.items.length;
  return (
    <section aria-labelledby={headingId} className="card border border-base-300 bg-base-100" data-testid="todo-group" data-group={group.key}>
      <div className="card-body gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={headingId} className="font-semibold">
            {group.title}
          </h3>
          <span className="badge badge-neutral shrink-0" data-testid="todo-count">
            {group.count}
            <span className="sr-only">{group.count === 1 ? " item" : " items"}</span>
          </span>
        </div>
        {group.note && <p className="grow-0 text-sm font-medium text-error">{group.note}</p>}
        <ul className="space-y-2">
          {group.items.map((item) => (
            <li key={item.key} className="min-w-0" data-testid="todo-item">
              <a href={item.href} className="link link-hover block break-words font-medium">
                {item.label}
              </a>
              <p className={`text-sm break-words ${item.urgent ? "font-medium text-error" : "text-base-content/80"}`}>{item.detail}</p>
              {/* Refunds are the owners' (decision 040): staff see the task, not the form. */}
              {ownerView && item.markRefundSent && <MarkRefundSent refund={item.markRefundSent} what={item.label} />}
            </li>
          ))}
        </ul>
        <a href={group.listHref} className="link mt-1 text-sm">
          {more > 0 ? `${group.listLabel} (${more} more)` : group.listLabel}
        </a>
      </div>
    </section>
  );
}

/** The groups with nothing waiting, in one line: "Nothing else waiting: no enquiries, … or failed backups." */
function NothingElse({ empty, anyWaiting }: { empty: TodoGroup[]; anyWaiting: boolean }) {
  if (empty.length === 0) return null;
  const nouns = nounList(empty.map((g) => g.noun));
  return (
    <p className="rounded-box border border-base-300 bg-base-100 px-4 py-3 text-sm text-base-content/80" data-testid="todo-nothing-else">
      <span className="font-semibold text-base-content">{anyWaiting ? "Nothing else waiting:" : "Nothing waiting:"}</span> {`no ${nouns}.`}
    </p>
  );
}

export function TodoGroups({ todo, ownerView = true }: { todo: UseQueryResult<AdminTodo>; ownerView?: boolean }) {
  const waiting = todo.data?.groups.reduce((n, g) => n + g.count, 0);
  const { waiting: withWork, empty } = splitTodoGroups(todo.data?.groups ?? []);
  return (
    <section aria-labelledby="todo-title" className="space-y-3" aria-busy={todo.isPending} data-testid="todo">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="todo-title" className="text-lg font-semibold">
          To do
        </h2>
        {waiting !== undefined && (
          <p className="text-sm text-base-content/80">{waiting === 0 ? "Nothing needs you right now." : "What has waited longest, or matters most, first."}</p>
        )}
      </div>
      {todo.isError && (
        <div role="alert" className="alert alert-error flex flex-wrap justify-between">
          <p>The to-do list could not be loaded.</p>
          <button type="button" className="btn btn-sm" onClick={() => void todo.refetch()}>
            Try again
          </button>
        </div>
      )}
      {(todo.isPending || withWork.length > 0) && (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {todo.isPending
            ? [0, 1, 2].map((i) => <div key={i} className="skeleton h-40" aria-hidden="true" />)
            : withWork.map((group) => <GroupCard key={group.key} group={group} ownerView={ownerView} />)}
        </div>
      )}
      <NothingElse empty={empty} anyWaiting={withWork.length > 0} />
    </section>
  );
}
