import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import layers from "./eslint-rules/layers.mjs";

// The site reaches the platform over HTTP only.
const platformPattern = { group: ["**/platform/**"], message: "app/ must not import platform/" };

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "bench/peer/build/**", "bench/peer/public/build/**", "node_modules/**", ".data/**", "test-results/**", "reports/**", ".stryker-tmp/**", "playwright-report/**", "*.tmp.mjs"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error", "log"] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [platformPattern] }],
    },
  },
  {
    // Services talk to the platform and know nothing of pages: no components, routes or loaders.
    // (Flat config replaces the rule's options, so the platform pattern is repeated here.)
    files: ["app/services/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            platformPattern,
            { group: ["~/components/**", "~/routes/**", "~/loaders/**", "**/components/**", "**/routes/**", "**/loaders/**"], message: "app/services must not import components, routes or loaders" },
          ],
        },
      ],
    },
  },
  {
    // Imports inside app/ go down the layers of docs/ARCHITECTURE.md, never up.
    files: ["app/**/*.{ts,tsx,mjs}"],
    plugins: { layers },
    rules: { "layers/one-way": "error" },
  },
  {
    // Components read the platform's answers as their loaders hand them over: types only.
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": "off",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            platformPattern,
            { group: ["~/services/*"], message: "components import only types from app/services", allowTypeImports: true },
          ],
        },
      ],
    },
  },
);
