// Lint for the whole repository (npm run lint). Type-aware rules catch what a reader misses:
// promises nobody awaits, promises where a callback must return void, and type-only imports
// that would otherwise load a module at run time.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      // Sample projects the tests compile (a folder inside fixtures/), some broken on purpose.
      "**/fixtures/*/**",
      "coverage/**",
      ".tmp/**",
      "integrations/**",
      "bench/.out/**",
    ],
  },
  {
    files: ["**/*.ts"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      parserOptions: {
        project: ["./tsconfig.json", "./tsconfig.legacy.json", "./bench/typia/tsconfig.json"],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Decorators and the sidecar registry take any class method or function by design.
      "@typescript-eslint/no-unsafe-function-type": "off",
    },
  },
);
