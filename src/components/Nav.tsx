/** The sticky top bar: the same navigation on every public and customer page. */
import { Icon } from "./icons";
import type { CurrentUser } from "./site";

const links = [
  { href: "/", label: "Home" },
  { href: "/services", label: "Services" },
  { href: "/shop", label: "Equipment Shop" },
  { href: "/booking", label: "Book Now" },
  { href: "/about", label: "About" },
  { href: "/contact", label: "Contact" },
];

/**
 * The signed-in user's cart link, in the bar itself at every width (not inside the phone menu);
 * islands update its count in place (src/client/cart.ts).
 */
function CartLink({ count, current }: { count: number; current: boolean }) {
  return (
    <a href="/cart" className="btn btn-ghost btn-sm gap-1 px-2" aria-current={current ? "page" : undefined} data-header-cart="">
      <Icon name="cart" className="size-5" />
      <span className="sr-only">Cart</span>
      <span className="badge badge-primary badge-sm" data-cart-count="">
        {count}
      </span>
      <span className="sr-only" data-cart-unit="">
        {count === 1 ? " item" : " items"}
      </span>
    </a>
  );
}

function AccountActions({ user }: { user: CurrentUser | null }) {
  if (!user) {
    return (
      <a href="/api/login" className="btn btn-primary btn-sm">
        Login / Sign Up
      </a>
    );
  }
  return (
    <>
      <a href="/dashboard" className="btn btn-primary btn-sm">
        Dashboard
      </a>
      {/* Between lg and xl the bar has no room for it; the dashboard links to it there. */}
      <a href="/wishlist" className="btn btn-ghost btn-sm lg:max-xl:hidden">
        Wishlist
      </a>
      <a href="/api/logout" className="btn btn-ghost btn-sm">
        Logout
      </a>
    </>
  );
}

/** Top navigation; `active` is the current path, highlighted and marked aria-current. */
export function Nav({ active, user, cartCount = 0, businessName }: { active: string; user: CurrentUser | null; cartCount?: number; businessName: string }) {
  const item = (l: { href: string; label: string }) => {
    const current = l.href === active;
    return (
      <li key={l.href}>
        <a href={l.href} aria-current={current ? "page" : undefined} className={current ? "menu-active font-semibold" : undefined}>
          {l.label}
        </a>
      </li>
    );
  };
  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95 backdrop-blur">
      <nav aria-label="Main" className="navbar mx-auto max-w-6xl gap-2 px-4">
        <div className="min-w-0 flex-1">
          <a href="/" className="text-lg leading-tight font-bold tracking-tight text-base-content">
            {businessName}
          </a>
        </div>
        <ul className="menu menu-horizontal hidden gap-1 px-1 lg:flex">{links.map(item)}</ul>
        {user && <CartLink count={cartCount} current={active === "/cart"} />}
        <div className="hidden items-center gap-2 lg:flex">
          <AccountActions user={user} />
        </div>
        <details className="mobile-menu dropdown dropdown-end lg:hidden">
          <summary className="btn btn-ghost btn-square" aria-label="Open menu">
            <svg className="size-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M4 6h16M4 12h16M4 18h16" />
            </svg>
          </summary>
          <div className="dropdown-content z-50 mt-2 w-64 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg">
            <ul className="menu w-full">{links.map(item)}</ul>
            <div className="flex flex-wrap gap-2 p-2">
              <AccountActions user={user} />
            </div>
          </div>
        </details>
      </nav>
    </header>
  );
}
