/** "Before you go live": each setting or configuration still missing, what it means and where it is set; gone once all are done. */
import type { GoLiveItem } from "../../../shared/go-live";

export function GoLiveChecklist({ items }: { items: GoLiveItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="go-live-title" className="card border border-warning bg-base-100" data-testid="go-live">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id="go-live-title" className="card-title">
          Before you go live
        </h2>
        <p className="text-sm text-base-content/80">
          {`${items.length} ${items.length === 1 ? "thing is" : "things are"} not ready for real customers yet. Customers never see a made-up detail: until you set it, they are told it will follow.`}
        </p>
        <ul className="divide-y divide-base-300">
          {items.map((item) => (
            <li key={item.key} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4" data-testid="go-live-item">
              <div className="min-w-0">
                <p className="font-semibold">{item.title}</p>
                <p className="text-sm text-base-content/80">{item.detail}</p>
              </div>
              {item.href ? (
                <a href={item.href} className="btn btn-sm btn-outline shrink-0 self-start" aria-label={`Set it: ${item.title}`}>
                  Set it
                </a>
              ) : (
                <p className="shrink-0 text-sm">
                  {"Start the server with "}
                  <code className="break-all rounded bg-base-200 px-1">{item.envVar}</code>
                </p>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
