// The layering of the repository, checked by dependency-cruiser in `npm test` (npm run layering).
// Inside @tooltype/core the stations of the data path import one way only:
//   json / errors <- schema <- tools <- policy, context <- endpoints, calls <- loop <- router <- completions.ts
// (policy and context stand side by side, and so do endpoints and calls; the cycle rule keeps them
// from importing each other both ways). `completions.ts`, the free function, sits on top: it hands
// a router its own run and an endpoint the loop, so the loop never knows routers.
const core = "^packages/core/src/";
const top = "completions\\.ts$";
const above = {
  base: `((schema|tools|policy|context|calls|endpoints|loop|router)/|${top})`,
  schema: `((tools|policy|context|calls|endpoints|loop|router)/|${top})`,
  tools: `((policy|context|calls|endpoints|loop|router)/|${top})`,
  policy: `((calls|endpoints|loop|router)/|${top})`,
  context: `((calls|endpoints|loop|router)/|${top})`,
  calls: `((endpoints|loop|router)/|${top})`,
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
const providers = ["openai", "anthropic", "qwen", "responses", "gemini", "http"];

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
      to: { path: `${core}endpoints/(openai|anthropic|qwen|responses|gemini)/` },
    },
    {
      name: "no-test-support-in-production",
      comment: "Production code never imports fixtures, test support or tests.",
      severity: "error",
      from: { path: "^(packages/[^/]+/src|transformer/src)/", pathNot: "\\.test\\.ts$|/fixtures/|/test-support/" },
      to: { path: "(/fixtures/|/test-support/|\\.test\\.ts$)" },
    },
    {
      name: "core-imports-no-sibling-package",
      comment: "@tooltype/core is the bottom package: it imports none of the others.",
      severity: "error",
      from: { path: core, pathNot: "\\.test\\.ts$|/fixtures/" },
      to: { path: "^(packages/(?!core/)[^/]+/|transformer/)|@tooltype/(?!core)" },
    },
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
