import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "bench/peer/build/**", "bench/peer/public/build/**", "node_modules/**", ".data/**", "test-results/**", "playwright-report/**", "*.tmp.mjs"] },
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
      // The site reaches the platform over HTTP only.
      "no-restricted-imports": ["error", { patterns: [{ group: ["**/platform/**"], message: "app/ must not import platform/" }] }],
    },
  },
);
