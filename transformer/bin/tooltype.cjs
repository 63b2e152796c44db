#!/usr/bin/env node
// The `tooltype` executable. A committed file (not dist/), so npm links it at install time, also in
// the repository before the first build; it runs the compiled CLI.
try {
  require.resolve("../dist/cjs/cli/main.js");
} catch {
  process.stderr.write("tooltype: @tooltype/transformer is not built yet; run `npm run build` first\n");
  process.exit(2);
}
require("../dist/cjs/cli/main.js");
