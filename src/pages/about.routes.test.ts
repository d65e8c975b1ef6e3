import { expect, test } from "bun:test";
import { testAppPerFile } from "../../tests/helpers/per-test";

const t = testAppPerFile();

/**
 * Each `<figcaption>` with the element it sits in and whether it is that element's first or last
 * child: HTML allows a figcaption only as the first or last child of a `<figure>`. A small walk
 * over the tags (the page is our own, well-formed markup; void elements have no closing tag).
 */
function figcaptionPlaces(html: string): { parent: string; firstOrLast: boolean }[] {
  const voids = new Set(["area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
  const body = html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<!--[\s\S]*?-->/g, "");
  const stack: { tag: string; children: string[] }[] = [{ tag: "#root", children: [] }];
  const captions: { parent: { tag: string; children: string[] }; index: number }[] = [];
  for (const [, closing, name, selfClosing] of body.matchAll(/<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g)) {
    const tag = name!.toLowerCase();
    if (closing) {
      while (stack.length > 1 && stack.pop()!.tag !== tag) {}
      continue;
    }
    const parent = stack.at(-1)!;
    parent.children.push(tag);
    if (tag === "figcaption") captions.push({ parent, index: parent.children.length - 1 });
    if (!voids.has(tag) && !selfClosing) stack.push({ tag, children: [] });
  }
  return captions.map(({ parent, index }) => ({ parent: parent.tag, firstOrLast: index === 0 || index === parent.children.length - 1 }));
}

test("/about's testimonials put each figcaption straight in its figure, as its first or last child", async () => {
  const html = await (await t.request("/about")).text();
  const places = figcaptionPlaces(html);
  expect(places.length).toBeGreaterThanOrEqual(3);
  expect(places).toEqual(places.map(() => ({ parent: "figure", firstOrLast: true })));
});
