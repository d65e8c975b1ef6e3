/** The small link above a customer page's heading, back to the list or page it was reached from. */
export function BackLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} className="link text-sm">
      {children}
    </a>
  );
}
