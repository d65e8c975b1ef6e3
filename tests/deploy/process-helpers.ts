/** Small helpers of the deploy tests, which start dist/pi-site themselves (no Playwright fixtures here). */
import { createServer } from "node:net";

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Reads `stream` to its end in the background, handing each piece of text to `add`. */
export function collectText(stream: ReadableStream<Uint8Array>, add: (text: string) => void): void {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      add(decoder.decode(value, { stream: true }));
    }
  })();
}
