// The first-load JavaScript budget (issue 33, decision 061): every page type's first visit loads no
// more than its budget in first-load-budget.json allows, plus one KiB of gzip (two builds of one
// source differ by a few bytes of hashed names), and no more files. Reads the build `npm test`
// makes before this suite. A budget changes only with a decision that says what the bytes buy.
import { describe, expect, it } from "vitest";
import { SLACK_GZIP_BYTES, measurePages, pageTypes, readBudget } from "../../scripts/first-load-budget";

describe("first-load JavaScript budget", () => {
  it("has a budget for every page type, and none for a page type that is gone", () => {
    expect(Object.keys(readBudget()).sort()).toEqual(pageTypes().sort());
  });

  it("keeps every page type within its budget", async () => {
    const budget = readBudget();
    const now = await measurePages();
    const over = Object.entries(now)
      .filter(([id, load]) => {
        const allowed = budget[id];
        return !allowed || load.gzip > allowed.gzip + SLACK_GZIP_BYTES || load.files > allowed.files;
      })
      .map(([id, load]) => `${id}: ${load.gzip} B gzip in ${load.files} files, budget ${JSON.stringify(budget[id])}`);
    expect(over).toEqual([]);
  });
});
