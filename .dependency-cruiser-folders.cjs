// No folder cycles (npm run layering, after .dependency-cruiser.cjs): no two folders of the
// production code import each other, directly or around a ring, type-only imports included. A
// folder counts with its subfolders (endpoints/ holds endpoints/http/). Tests and fixtures are
// left out: a test may import from above its own folder.
const layering = require("./.dependency-cruiser.cjs");

module.exports = {
  forbidden: [
    {
      name: "no-folder-cycle",
      comment: "No two folders import each other, directly or around a ring: the stations run one way.",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    ...layering.options,
    exclude: {
      // endpoints/http/endpoint.ts is the one file allowed to call the loop (ep.completions,
      // ep.stream: see .dependency-cruiser.cjs); it is held there, so it is left out here.
      path: "(^|/)(dist|node_modules|fixtures)/|\\.test\\.ts$|^packages/core/src/endpoints/http/endpoint\\.ts$",
    },
  },
};
