// The layering of the repository, checked by dependency-cruiser in `npm test` (npm run layering),
// with .dependency-cruiser-folders.cjs (no folder cycles). Tests and fixtures may import anything.
//
// Inside @tooltype/core the stations of the data path import one way only:
//   json / errors <- schema <- tools <- policy <- context <- endpoints <- calls <- loop <- router <- completions.ts
// (calls/ uses the contract at the root of endpoints/, such as reading a call's arguments, never a
// provider or http/). `completions.ts`, the free function, sits on top: it hands a router its own
// run and an endpoint the loop, so the loop never knows routers.
const core = "^packages/core/src/";
const top = "completions\\.ts$";
const above = {
  base: `((schema|tools|policy|context|calls|endpoints|loop|router)/|${top})`,
  schema: `((tools|policy|context|calls|endpoints|loop|router)/|${top})`,
  tools: `((policy|context|calls|endpoints|loop|router)/|${top})`,
  policy: `((context|calls|endpoints|loop|router)/|${top})`,
  context: `((calls|endpoints|loop|router)/|${top})`,
  calls: `((loop|router)/|${top})`,
  endpoints: `((calls|loop|router)/|${top})`,
  loop: `(router/|${top})`,
  router: top,
};
const layer = (name, from, to) => ({
  name: `core-${name}-stays-below`,
  comment: `${name} is below ${to}: it must not import from there (the data path runs one way).`,
  severity: "error",
  from: { path: `${core}${from}`, pathNot: "\\.test\\.ts$|/fixtures/" },
  to: { path: `${core}${to}` },
});
const production = "\\.test\\.ts$|/fixtures/";
const forbid = (name, comment, from, to) => ({
  name,
  comment,
  severity: "error",
  from: { path: from, pathNot: production },
  to: { path: to },
});

// The transformer: engine (type -> schema) <- transform (the TypeScript transformer) <- sidecar,
// bundler, cli <- the entries at the root (index.ts: the ts-patch plugin; jest.ts). The bundler
// plugin and the sidecar generator stand apart; the CLI runs the sidecar (`tooltype generate`).
const transformer = "^transformer/src/";
const transformerRoot = `${transformer}[^/]+\\.ts$`;
const transformerBelow = {
  engine: `${transformer}(transform|sidecar|bundler|cli)/|${transformerRoot}`,
  transform: `${transformer}(sidecar|bundler|cli)/|${transformerRoot}`,
  sidecar: `${transformer}(bundler|cli)/|${transformerRoot}`,
  bundler: `${transformer}(sidecar|cli)/|${transformerRoot}`,
  cli: `${transformer}bundler/|${transformerRoot}`,
};

// The other packages: each imports @tooltype/core through its public entry and no other package
// of ours; inside, the folders below.
const siblings = "^packages/(?!core/)[^/]+/src/";
const builtinTools = ["files", "http", "shell", "time"];
const testingFormats = {
  openai: "openai-[^/]+",
  anthropic: "anthropic-format",
  gemini: "gemini-format",
  responses: "responses-[^/]+",
};
const providers = ["openai", "anthropic", "gemini", "qwen", "responses", "http"];

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import cycles between files, type-only imports included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    layer("json-and-errors", "(json\\.ts|errors/)", above.base),
    layer("schema", "schema/", above.schema),
    layer("tools", "tools/", above.tools),
    layer("policy", "policy/", above.policy),
    layer("context", "context/", above.context),
    layer("calls", "calls/", above.calls),
    {
      ...layer("calls-uses-the-endpoint-contract", "calls/", `endpoints/(${providers.join("|")})/`),
      comment: "calls/ may use the endpoint contract at the root of endpoints/, never a provider or the transport.",
    },
    {
      // The one exception: the endpoint classes' convenience methods (ep.completions, ep.stream)
      // call the loop, from the one file that defines them.
      ...layer("endpoints", "endpoints/", above.endpoints),
      from: {
        path: `${core}endpoints/`,
        pathNot: "\\.test\\.ts$|/fixtures/|^packages/core/src/endpoints/http/endpoint\\.ts$",
      },
    },
    {
      ...layer("endpoints-base-class", "endpoints/http/endpoint\\.ts$", `((calls|router)/|${top})`),
    },
    layer("loop", "loop/", above.loop),
    layer("router", "router/", above.router),
    ...providers.map((provider) => ({
      name: `no-provider-imports-another-${provider}`,
      comment: `endpoints/${provider}/ imports no other provider folder: shared helpers live in endpoints/ itself (openai/ may use qwen/, the text-call dialect it serves; every provider may use http/).`,
      severity: "error",
      from: { path: `${core}endpoints/${provider}/`, pathNot: "\\.test\\.ts$" },
      to: {
        path: `${core}endpoints/(${providers.filter((p) => p !== provider && !(provider === "openai" && p === "qwen") && p !== "http").join("|")})/`,
      },
    })),
    {
      name: "http-is-transport-only",
      comment: "endpoints/http/ is the transport every provider uses: it knows no provider.",
      severity: "error",
      from: { path: `${core}endpoints/http/`, pathNot: "\\.test\\.ts$" },
      to: { path: `${core}endpoints/(${providers.filter((p) => p !== "http").join("|")})/` },
    },
    {
      name: "no-fixtures-in-production",
      comment: "Production code never imports fixtures (the shared test helpers) or tests.",
      severity: "error",
      from: { path: "^(packages/[^/]+/src|transformer/src)/", pathNot: "\\.test\\.ts$|/fixtures/" },
      to: { path: "(/fixtures/|\\.test\\.ts$)" },
    },
    {
      name: "core-imports-no-sibling-package",
      comment: "@tooltype/core is the bottom package: it imports none of the others.",
      severity: "error",
      from: { path: core, pathNot: "\\.test\\.ts$|/fixtures/" },
      to: { path: "^(packages/(?!core/)[^/]+/|transformer/)|@tooltype/(?!core)" },
    },
    {
      name: "no-entry-imported-inside-its-package",
      comment: "A package's index.ts is its public entry, at the top: nothing inside the package imports it.",
      severity: "error",
      from: { path: "^(packages/[^/]+|transformer)/src/", pathNot: production },
      to: { path: "^$1/src/index\\.ts$" },
    },
    ...Object.entries(transformerBelow).map(([folder, above]) =>
      forbid(
        `transformer-${folder}-stays-below`,
        `transformer/src/${folder}/ must not import from ${above} (engine <- transform <- sidecar, bundler, cli <- the entries).`,
        `${transformer}${folder}/`,
        above,
      ),
    ),
    forbid(
      "transformer-imports-no-package",
      "@tooltype/transformer depends on no package of ours: what it shares with core (the error marker, the metadata's shape) it declares itself.",
      transformer,
      "^packages/|@tooltype/",
    ),
    forbid(
      "siblings-import-core-only",
      "mcp, stores, otel and builtins import @tooltype/core (their peer) and no other package of ours.",
      "^packages/(mcp|stores|otel|builtins)/src/",
      "^(packages/(?!core/|$1/)[^/]+/|transformer/)|@tooltype/(?!core$)",
    ),
    forbid(
      "testing-imports-no-package",
      "@tooltype/testing speaks the wire formats on its own: it imports no package of ours.",
      "^packages/testing/src/",
      "^(packages/(?!testing/)[^/]+/|transformer/)|@tooltype/",
    ),
    forbid(
      "siblings-use-core-through-its-entry",
      "A package uses @tooltype/core's public entry, never a file inside it: what it needs is public on purpose.",
      siblings,
      "^packages/core/src/(?!index\\.ts$)",
    ),
    forbid(
      "stores-sqlite-knows-no-postgres",
      "stores/src/sqlite/ and stores/src/postgres/ stand apart: both build on the shared row store at the root.",
      "^packages/stores/src/sqlite/",
      "^packages/stores/src/postgres/",
    ),
    forbid(
      "stores-postgres-knows-no-sqlite",
      "stores/src/postgres/ and stores/src/sqlite/ stand apart: both build on the shared row store at the root.",
      "^packages/stores/src/postgres/",
      "^packages/stores/src/sqlite/",
    ),
    {
      ...forbid(
        "stores-shared-code-knows-no-driver",
        "The shared row store (the root of stores/src) knows neither database: only index.ts names them.",
        "^packages/stores/src/[^/]+\\.ts$",
        "^packages/stores/src/(sqlite|postgres)/",
      ),
      from: { path: "^packages/stores/src/[^/]+\\.ts$", pathNot: `${production}|/index\\.ts$` },
    },
    ...builtinTools.map((tool) =>
      forbid(
        `builtins-${tool}-imports-no-other-tool`,
        `builtins/src/${tool}/ imports no other tool's folder (shell/ may use files/, whose root confines it) and not builtins.ts, which puts them together: shared helpers live at the root.`,
        `^packages/builtins/src/${tool}/`,
        `^packages/builtins/src/((${builtinTools.filter((t) => t !== tool && !(tool === "shell" && t === "files")).join("|")})/|builtins\\.ts$)`,
      ),
    ),
    {
      ...forbid(
        "builtins-shared-helpers-know-no-tool",
        "The shared helpers at the root of builtins/src (refusal, limits) import no tool folder: builtins.ts and index.ts put the tools together.",
        "^packages/builtins/src/[^/]+\\.ts$",
        `^packages/builtins/src/(${builtinTools.join("|")})/`,
      ),
      from: { path: "^packages/builtins/src/[^/]+\\.ts$", pathNot: `${production}|/(builtins|index)\\.ts$` },
    },
    forbid(
      "mcp-serving-knows-no-importing",
      "mcp/src/serve/ (a registry served over MCP) and mcp/src/import/ (an MCP server's tools in a registry) are the package's two directions: neither imports the other.",
      "^packages/mcp/src/serve/",
      "^packages/mcp/src/import/",
    ),
    forbid(
      "mcp-importing-knows-no-serving",
      "mcp/src/import/ (an MCP server's tools in a registry) and mcp/src/serve/ (a registry served over MCP) are the package's two directions: neither imports the other.",
      "^packages/mcp/src/import/",
      "^packages/mcp/src/serve/",
    ),
    forbid(
      "otel-names-at-the-bottom",
      "otel's gen-ai-names.ts (the GenAI semantic conventions' names) imports nothing of the package.",
      "^packages/otel/src/gen-ai-names\\.ts$",
      "^packages/otel/src/",
    ),
    {
      ...forbid(
        "otel-telemetry-at-the-top",
        "otel's telemetry.ts (the Telemetry class users make) is the top: only index.ts imports it.",
        "^packages/otel/src/",
        "^packages/otel/src/telemetry\\.ts$",
      ),
      from: { path: "^packages/otel/src/", pathNot: `${production}|/index\\.ts$` },
    },
    ...Object.entries(testingFormats).map(([format, files]) =>
      forbid(
        `testing-${format}-format-stands-alone`,
        `testing's ${format} wire format knows only the script (turn.ts) and the format contract (wire-format.ts): no other format, not the server that puts them together.`,
        `^packages/testing/src/${files}\\.ts$`,
        `^packages/testing/src/(${Object.entries(testingFormats)
          .filter(([other]) => other !== format)
          .map(([, other]) => other)
          .join("|")}|server|respond)\\.ts$`,
      ),
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
