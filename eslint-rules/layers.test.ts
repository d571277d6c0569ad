import { join } from "node:path";
import { RuleTester } from "eslint";
import { afterAll, describe, it } from "vitest";
import layers, { layerOf } from "./layers.mjs";

// RuleTester reports through the test framework's hooks.
RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const cwd = join(import.meta.dirname, "..");
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: "module" } });
const at = (file: string, code: string) => ({ code, filename: join(cwd, "app", file) });

describe("layers/one-way", () => {
  it("names each folder's layer", () => {
    const cases: Array<[string, string | null]> = [
      ["constants.ts", "base"],
      ["root.tsx", "shell"],
      ["entry.server.tsx", "shell"],
      ["lib/cookies.server.ts", "lib"],
      ["coupon/maths.ts", "domain"],
      ["routes/coupon-place/route.tsx", "pages"],
    ];
    for (const [path, layer] of cases) if (layerOf(path) !== layer) throw new Error(`${path}: ${layerOf(path)} ≠ ${layer}`);
  });

  tester.run("one-way", layers.rules["one-way"], {
    valid: [
      at("routes/home.tsx", 'import { x } from "~/components/x";'),
      at("components/x.tsx", 'import { y } from "~/lib/y";'),
      at("lib/y.ts", 'import { z } from "./z";'),
      at("lib/y.ts", 'import { c } from "../constants";'),
      at("coupon/a.test.ts", 'import { r } from "~/routes/coupon-place/route";'),
      at("components/x.tsx", 'import { d } from "react";'),
    ],
    invalid: [
      at("lib/cookies.server.ts", 'import { c } from "~/coupon/constants";'),
      at("services/admin.server.ts", 'import { n } from "../lib/responses.server";'),
      at("components/Header.tsx", 'import { l } from "~/root";'),
      at("loaders/guards.server.ts", 'export { s } from "~/forms/sign-in.server";'),
      at("lib/a.ts", 'const m = import("~/components/b");'),
    ].map((c) => ({ ...c, errors: 1 })),
  });
});
