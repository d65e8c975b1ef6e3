import { expect, test } from "bun:test";
import { keepAnswerOpen, longestIdleSeconds, withAnswerScope } from "./slow-answers.server";

/** Bun's server as the fetch handler sees it, recording each idle timeout asked for. */
function recordingServer() {
  const asked: { url: string; seconds: number }[] = [];
  return { asked, timeout: (request: Request, seconds: number) => asked.push({ url: request.url, seconds }) };
}

const waitingApp = (ms: number[]) =>
  withAnswerScope({
    fetch: async () => {
      for (const wait of ms) {
        keepAnswerOpen(wait);
        await Bun.sleep(1);
      }
      return new Response("ok");
    },
  });

test("a wait asks for the request's own connection, past the wait by Bun's timer step, never past 255 s", async () => {
  const server = recordingServer();
  const app = waitingApp([30_000, 1, 400_000]);
  await Promise.all([app.fetch(new Request("http://site/a"), server), app.fetch(new Request("http://site/b"), server)]);
  expect(server.asked.filter((a) => a.url === "http://site/a").map((a) => a.seconds)).toEqual([40, 11, longestIdleSeconds]);
  expect(server.asked.filter((a) => a.url === "http://site/b")).toHaveLength(3);
});

test("outside a request, or without Bun's server, asking does nothing", async () => {
  expect(() => keepAnswerOpen(30_000)).not.toThrow();
  const res = await waitingApp([30_000]).fetch(new Request("http://site/"), undefined);
  expect(await res.text()).toBe("ok");
});
