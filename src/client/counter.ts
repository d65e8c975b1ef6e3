// The footer's visitor counter, in a few lines of plain script: count this visit, fall back to a
// read, and show the total only once it is known. Failures are logged, never shown.
const box = document.getElementById("visitor-counter");
const out = document.getElementById("visitor-count");

async function readCount(method: "POST" | "GET"): Promise<number> {
  const res = await fetch("/api/visitor-count", { method, credentials: "include" });
  if (!res.ok) throw new Error(`${res.status}: ${res.statusText}`);
  return ((await res.json()) as { count: number }).count;
}

if (box && out) {
  readCount("POST")
    .catch((err) => {
      console.warn("Failed to increment visitor count", err);
      return readCount("GET");
    })
    .then((count) => {
      out.textContent = count.toLocaleString("en-AU");
      box.hidden = false;
    })
    .catch((err) => console.warn("Failed to get visitor count", err));
}
