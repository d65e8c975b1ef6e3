// Plain (server-handled) forms: on submit, disable the button and show its pending label
// (data-pending-label), so a slow connection never invites a second click.
for (const form of document.querySelectorAll<HTMLFormElement>("form[data-pending]")) {
  form.addEventListener("submit", (event) => {
    const button = (event.submitter as HTMLButtonElement | null) ?? form.querySelector<HTMLButtonElement>("button[type=submit]");
    if (!button) return;
    const label = button.dataset.pendingLabel;
    // Disable after the browser has read the form, so the button's own name/value is still sent.
    setTimeout(() => {
      button.disabled = true;
      if (label) button.textContent = label;
    });
  });
}
// A page that asks to move on (e.g. "signed out, signing in again..."): data-redirect after data-delay ms.
const next = document.querySelector<HTMLElement>("[data-redirect]");
if (next) {
  setTimeout(
    () => {
      const target = next.dataset.redirect;
      if (target !== undefined) location.assign(target);
    },
    Number(next.dataset.delay ?? 500),
  );
}
