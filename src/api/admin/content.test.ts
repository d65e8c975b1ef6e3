import { describe, expect, test } from "bun:test";
import { seedContent, seedContentTitles } from "../../db/seed/content";
import { type ContentSectionView, contentSchemas } from "../../shared/content";
import { testOrigin } from "../../../tests/helpers/browser";
import { countRows, type ErrorBody } from "../../../tests/helpers/test-app";
import { adminAppPerTest } from "../../../tests/helpers/per-test";

const { t, admin } = adminAppPerTest();

const list = () => admin.read<ContentSectionView[]>("/api/admin/content");
const section = async (id: string) => {
  const found = (await list()).find((s) => s.id === id);
  if (!found) throw new Error(`no section ${id}`);
  return found;
};
const put = (id: string, body: unknown) =>
  t.request(`/api/admin/content/${id}`, {
    method: "PUT",
    headers: { Authorization: admin.authorization, Origin: testOrigin, "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
const rows = () => t.db.$client.query("SELECT id, title, type, content, updated_at AS updatedAt FROM content_sections ORDER BY id").all();

describe("GET /api/admin/content", () => {
  test("every section, in order, with its title, type, the text the pages show and when it changed", async () => {
    const sections = await list();
    expect(sections.map((s) => s.id)).toEqual(Object.keys(contentSchemas) as never);
    const hero = sections.find((s) => s.id === "home.hero");
    expect(hero).toMatchObject({ title: seedContentTitles["home.hero"], type: "json", content: seedContent["home.hero"] });
    expect(Date.parse(hero?.updatedAt ?? "")).toBeGreaterThan(0);
  });

  test("a stored section the schema refuses shows the shipped text the pages fall back to", async () => {
    t.db.$client.query("UPDATE content_sections SET content = '{\"title\":\"\"}' WHERE id = 'about.intro'").run();
    expect((await section("about.intro")).content).toEqual(seedContent["about.intro"]);
  });
});

describe("PUT /api/admin/content/{id}", () => {
  test("the whole section as the GET gave it, with a new hero title: saved, answered, and on / at the next request", async () => {
    expect(await (await t.request("/")).text()).toContain(seedContent["home.hero"].title);
    const before = await section("home.hero");
    const res = await put("home.hero", { ...before, content: { ...before.content, title: "  The truth, quietly found  " } });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as ContentSectionView;
    expect(saved).toMatchObject({ id: "home.hero", title: before.title, type: "json", content: { ...before.content, title: "The truth, quietly found" } });
    expect(Date.parse(saved.updatedAt ?? "")).toBeGreaterThanOrEqual(Date.parse(before.updatedAt ?? ""));
    expect((await section("home.hero")).content).toEqual(saved.content);

    const home = await (await t.request("/")).text();
    expect(home).toContain("The truth, quietly found");
    expect(home).not.toContain(seedContent["home.hero"].title);
  });

  test("a structured section: a stat added to the list shows on /, a body without id or title is enough", async () => {
    const items = [...seedContent["home.stats"].items, { value: "12 yrs", label: "In practice" }];
    const res = await put("home.stats", { content: { items } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ContentSectionView).content).toEqual({ items });
    const home = await (await t.request("/")).text();
    expect(home).toContain("12 yrs");
    expect(home).toContain("In practice");
  });

  test("bad input: 400 with a message per field of the body, and nothing written", async () => {
    const before = rows();
    const hero = await section("home.hero");
    const cases: [unknown, Record<string, string>][] = [
      [{ ...hero, content: { ...hero.content, title: "   " } }, { "content.title": "Required" }],
      [
        { content: { ...hero.content, subtitle: "x".repeat(4001), promo: 5 } },
        { "content.subtitle": "Keep this under 4,000 characters", "content.promo": "Required" },
      ],
      [{ id: "home.hero" }, { content: "Required" }],
      [{ id: "home.cta", content: hero.content }, { id: "Does not match the section being saved" }],
      [{ content: hero.content, colour: "red" }, { _: "Unknown field: colour" }],
      [{ content: "just text" }, { content: "Must be an object of fields" }],
    ];
    for (const [body, fields] of cases) {
      const res = await put("home.hero", body);
      expect(res.status).toBe(400);
      const error = ((await res.json()) as ErrorBody).error;
      expect(error.code).toBe("validation_error");
      expect(error.fields).toEqual(fields);
    }
    const tooMany = { content: { items: Array.from({ length: 7 }, (_, i) => ({ value: `${i}`, label: `Stat ${i}` })) } };
    const empty = { content: { items: [] } };
    for (const [body, message] of [
      [tooMany, "At most 6 items"],
      [empty, "Keep at least one item"],
    ] as const) {
      const res = await put("home.stats", body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.fields).toEqual({ "content.items": message });
    }
    const itemField = await put("contact.faq", { content: { title: "FAQ", items: [{ question: "Why?", answer: "" }] } });
    expect(((await itemField.json()) as ErrorBody).error.fields).toEqual({ "content.items.0.answer": "Required" });
    const malformed = await put("home.hero", "{not json");
    expect(malformed.status).toBe(400);
    expect(rows()).toEqual(before);
  });

  test("an unknown section: 404 and nothing written", async () => {
    const count = countRows(t, "content_sections");
    const res = await put("home.nothing", { content: { title: "Hello" } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.code).toBe("not_found");
    expect(countRows(t, "content_sections")).toBe(count);
  });
});
