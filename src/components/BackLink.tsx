/** The small link above a customer page's heading, back to the list or page it was reached from. */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} className="link text-sm">
      {children}
    </a>
  );
}

/** A customer page's heading with the way back to the dashboard beside it. */
export function HeadingBackToDashboard({ title }: { title: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-3xl font-bold">{title}</h1>
      <a href="/dashboard" className="btn btn-ghost btn-sm">
        Back to dashboard
      </a>
    </div>
  );
}
