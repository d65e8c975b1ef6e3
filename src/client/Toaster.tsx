/**
 * The notification region: announced to screen readers, F8 moves focus to it, a toast can be
 * swiped right (50 px) or closed with its button.
 */
import { useEffect, useRef, useSyncExternalStore, type PointerEvent } from "react";
import { dismissToast, getToast, holdToast, subscribeToasts } from "./toast-store";

const swipeThresholdPx = 50;

export function Toaster() {
  const toast = useSyncExternalStore(subscribeToasts, getToast, () => null);
  const region = useRef<HTMLElement>(null);
  const swipe = useRef<{ x: number; id: number } | null>(null);
  const item = useRef<HTMLLIElement>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "F8") {
        e.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const onPointerDown = (e: PointerEvent) => {
    if (toast) swipe.current = { x: e.clientX, id: toast.id };
  };
  const onPointerMove = (e: PointerEvent) => {
    if (!swipe.current || !item.current) return;
    const dx = Math.max(0, e.clientX - swipe.current.x);
    item.current.style.transform = `translateX(${dx}px)`;
  };
  const onPointerUp = (e: PointerEvent) => {
    if (!swipe.current) return;
    const dx = e.clientX - swipe.current.x;
    if (item.current) item.current.style.transform = "";
    if (dx >= swipeThresholdPx) dismissToast(swipe.current.id);
    swipe.current = null;
  };

  const visible = toast?.open ? toast : null;
  const tone = visible?.variant === "destructive" ? "alert-error" : visible?.variant === "success" ? "alert-success" : "bg-base-100 border-base-300";

  return (
    <section ref={region} tabIndex={-1} aria-label="Notifications (F8)" className="toast toast-end toast-bottom z-50 outline-none">
      {/* The live region is a div: ARIA does not allow role="status" on a list. */}
      <div role="status" aria-live="polite" aria-atomic="true">
        <ol className="flex flex-col gap-2">
          {visible && (
            <li
              ref={item}
              data-testid="toast"
              className={`alert ${tone} shadow-lg max-w-sm touch-pan-y select-none transition-transform`}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
              onMouseEnter={() => holdToast(visible.id, true)}
              onMouseLeave={() => holdToast(visible.id, false)}
              onFocus={() => holdToast(visible.id, true)}
              onBlur={(e) => {
                if (!e.currentTarget.contains(e.relatedTarget as Node | null)) holdToast(visible.id, false);
              }}
            >
              <div className="flex-1">
                <p className="font-semibold">{visible.title}</p>
                {visible.description && <p className="text-sm">{visible.description}</p>}
              </div>
              {visible.action && (
                <a href={visible.action.href} className="btn btn-sm whitespace-nowrap">
                  {visible.action.label}
                </a>
              )}
              <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label="Close notification" onClick={() => dismissToast(visible.id)}>
                <span aria-hidden="true">✕</span>
              </button>
            </li>
          )}
        </ol>
      </div>
    </section>
  );
}
