import { describe, expect, it } from "vitest";
import { type PreparedJson, prepareJson } from "~/lib/prepared-json";
import { type SportsContext, preparedGameList } from "~/loaders/sports.server";
import { PerAnswerCache } from "./per-answer-cache.server";

/** The cache as the sports loaders use it: JSON prepared once per answer and view. */
class PreparedViews {
  private readonly cache: PerAnswerCache<PreparedJson<object>>;
  constructor(maxAnswers: number, maxWeight: number, maxViews: number) {
    this.cache = new PerAnswerCache(maxAnswers, maxWeight, maxViews, (prepared) => prepared.json.length);
  }
  get(answer: object, view: string, make: () => object) {
    return this.cache.get(answer, view, () => prepareJson(make()));
  }
  get size() {
    return this.cache.size;
  }
}

describe("views kept once per answer (decisions 052, 055)", () => {
  it("makes a view once per answer and view name, and anew for a new answer", () => {
    const views = new PreparedViews(8, 10_000, 8);
    let made = 0;
    const make = (n: number) => () => ({ n, made: ++made });
    const first = { version: 1 };
    const a = views.get(first, "en", make(1));
    expect(views.get(first, "en", make(2))).toBe(a);
    expect(JSON.parse(views.get(first, "ru", make(3)).json)).toEqual({ n: 3, made: 2 });
    expect(JSON.parse(views.get({ version: 2 }, "en", make(4)).json)).toEqual({ n: 4, made: 3 });
    expect(made).toBe(3);
  });

  it("lets the oldest answers go beyond its count of answers or its length of text", () => {
    const views = new PreparedViews(2, 1_000, 8);
    const [a, b, c] = [{}, {}, {}];
    views.get(a, "v", () => ({ s: "a" }));
    views.get(b, "v", () => ({ s: "b" }));
    views.get(c, "v", () => ({ s: "c" }));
    expect(views.size.answers).toBe(2);
    // The oldest answer's view went: asked again, it is made anew.
    let made = 0;
    views.get(a, "v", () => ({ s: `a${++made}` }));
    expect(made).toBe(1);
    // 17 texts of 40 characters (a sixteenth each) exceed 640: the oldest goes.
    const long = (s: string) => () => ({ s: s.padEnd(32, ".") });
    const views2 = new PreparedViews(100, 640, 8);
    const answers = Array.from({ length: 17 }, () => ({}));
    answers.forEach((answer, i) => views2.get(answer, "v", long(String.fromCharCode(97 + i))));
    expect(views2.size).toEqual({ answers: 16, weight: 640 });
    let again = 0;
    views2.get(answers[0]!, "v", () => ({ again: ++again }));
    expect(again).toBe(1);
  });

  it("serves a view above a sixteenth of the budget, or one beyond an answer's share, without keeping it", () => {
    const views = new PreparedViews(10, 320, 2);
    const answer = {};
    let made = 0;
    const big = () => ({ s: "x".repeat(30), made: ++made });
    views.get(answer, "big", big);
    views.get(answer, "big", big);
    expect(made).toBe(2);
    expect(views.size).toEqual({ answers: 0, weight: 0 });
    views.get(answer, "1", () => ({}));
    views.get(answer, "2", () => ({}));
    views.get(answer, "3", () => ({}));
    expect(views.size).toEqual({ answers: 1, weight: 4 });
  });

  it("keeps its count right when making a view keeps another of the same answer", () => {
    const cache = new PerAnswerCache<string>(1, 1_000, 8, (text) => text.length);
    const answer = {};
    const outer = cache.get(answer, "outer", () => `<ul>${cache.get(answer, "inner", () => "<li>")}</ul>`);
    expect(outer).toBe("<ul><li></ul>");
    expect(cache.size).toEqual({ answers: 1, weight: "<li>".length + outer.length });
    // Another answer pushes both out, and the count goes back to nothing.
    cache.get({}, "x", () => "x");
    expect(cache.size).toEqual({ answers: 1, weight: 1 });
  });
});

describe("a feed answer's prepared game list", () => {
  const game = (id: number, sportId: number) => ({ id, sportId, status: 2 }) as unknown as Parameters<SportsContext["toListGame"]>[0];
  const context = (viewKey: string, hiddenLive: number[]) =>
    ({
      viewKey,
      visible: (g: { sportId: number }) => !hiddenLive.includes(g.sportId),
      toListGame: (g: { id: number; sportId: number }) => ({ id: g.id, sportId: g.sportId }),
    }) as unknown as SportsContext;

  it("keeps the guests' list and a bettor's list apart within one answer", () => {
    const answer = { games: [game(1, 1), game(2, 4), game(3, 1)], version: 7 };
    const guest = context("live|en|", []);
    const bettor = context("live|en|1", [1]);
    const ids = (json: string) => (JSON.parse(json) as { games: Array<{ id: number }> }).games.map((g) => g.id);
    expect(ids(preparedGameList(answer, guest).json)).toEqual([1, 2, 3]);
    expect(ids(preparedGameList(answer, bettor).json)).toEqual([2]);
    expect(preparedGameList(answer, guest)).toBe(preparedGameList(answer, context("live|en|", [])));
    expect(JSON.parse(preparedGameList(answer, guest).json)).toMatchObject({ version: 7 });
  });
});
