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

// Copy buttons (data-copy, e.g. a bank transfer's BSB): shown only where a clipboard can be
// written; a toast says whether the copy worked. Without this script the values stay selectable.
const copyButtons = document.querySelectorAll<HTMLButtonElement>("button[data-copy]");
if (copyButtons.length > 0 && navigator.clipboard) {
  const region = document.createElement("div");
  region.className = "toast toast-end toast-bottom z-50";
  const live = document.createElement("div");
  live.setAttribute("role", "status");
  live.setAttribute("aria-live", "polite");
  region.append(live);
  document.body.append(region);
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  const say = (text: string, ok: boolean) => {
    clearTimeout(hideTimer);
    const note = document.createElement("p");
    note.className = `alert ${ok ? "alert-success" : "alert-error"} shadow-lg max-w-sm`;
    note.dataset.testid = "toast";
    note.textContent = text;
    live.replaceChildren(note);
    hideTimer = setTimeout(() => live.replaceChildren(), 5000);
  };
  for (const button of copyButtons) {
    button.hidden = false;
    button.addEventListener("click", async () => {
      const label = button.dataset.copyLabel ?? "Text";
      try {
        await navigator.clipboard.writeText(button.dataset.copy ?? "");
        say(`${label} copied: ${button.dataset.copy}`, true);
      } catch {
        say(`${label} could not be copied. Select it and copy it yourself.`, false);
      }
    });
  }
}
