import type { Config } from "jest";

// One jest run over every package. Tests import packages by name; the mapper points those
// names at the sources so no build is needed beyond the transformer, which ts-jest loads
// as compiled JavaScript (the `pretest` script builds it).
const moduleNameMapper = {
  "^@tooltype/core$": "<rootDir>/packages/core/src/index.ts",
  "^@tooltype/testing$": "<rootDir>/packages/testing/src/index.ts",
  "^@tooltype/mcp$": "<rootDir>/packages/mcp/src/index.ts",
  "^@tooltype/stores$": "<rootDir>/packages/stores/src/index.ts",
  "^@tooltype/otel$": "<rootDir>/packages/otel/src/index.ts",
  "^@tooltype/builtins$": "<rootDir>/packages/builtins/src/index.ts",
  "^@tooltype/transformer$": "<rootDir>/transformer/src/index.ts",
  "^(\\.{1,2}/.*)\\.js$": "$1",
};

function project(
  displayName: string,
  tsconfig: string,
  testMatch: string[],
  testPathIgnorePatterns: string[] = [],
): Config {
  return {
    displayName,
    testEnvironment: "node",
    roots: ["<rootDir>/packages", "<rootDir>/transformer", "<rootDir>/examples", "<rootDir>/docs"],
    testMatch,
    testPathIgnorePatterns: ["/node_modules/", "/dist/", "/fixtures/", ...testPathIgnorePatterns],
    moduleNameMapper,
    transform: {
      "^.+\\.ts$": [
        "ts-jest",
        {
          tsconfig,
          astTransformers: { before: [{ path: "<rootDir>/transformer/dist/cjs/jest.js" }] },
        },
      ],
    },
  };
}

const config: Config = {
  // Real sockets, real processes and real compilers: 5 s is too tight on a busy 2-core machine.
  // A global option: jest-circus reads it from the top level only and ignores it in a project.
  testTimeout: 60_000,
  projects: [
    project(
      "standard",
      "<rootDir>/tsconfig.json",
      ["**/*.test.ts"],
      ["\\.legacy\\.test\\.ts$", "\\.slow\\.test\\.ts$"],
    ),
    project("legacy-decorators", "<rootDir>/tsconfig.legacy.json", ["**/*.legacy.test.ts"]),
    // Long runs (1,000 multi-process races per store): `npm run test:slow`, not part of `npm test`.
    project("slow", "<rootDir>/tsconfig.json", ["**/*.slow.test.ts"]),
  ],
};

export default config;
