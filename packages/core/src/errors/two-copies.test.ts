import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// The CommonJS and ESM builds of @tooltype/core, loaded side by side in one process, hold two
// copies of every class, as two installed versions of the package do. `instanceof` must answer
// across them as it does within one copy.
const dist = join(__dirname, "..", "..", "dist");
const cjsEntry = join(dist, "cjs", "index.js");
const esmEntry = join(dist, "esm", "index.js");

const script = `
const cjs = require(${JSON.stringify(cjsEntry)});
import(${JSON.stringify(pathToFileURL(esmEntry).href)}).then((esm) => {
  // What a package built on each copy (as @tooltype/stores is) would define: a code of its own.
  const packageError = (core) =>
    class ConversationBusyError extends core.TooltypeError {
      constructor() { super("CONVERSATION_BUSY", "busy"); }
      static isInstance(value) { return core.TooltypeError.isInstance(value) && value.code === "CONVERSATION_BUSY"; }
    };
  const CjsBusy = packageError(cjs);
  const EsmBusy = packageError(esm);
  // A subclass an application wrote, without an isInstance of its own.
  class AppEndpointError extends esm.EndpointError {}
  const endpoint = (core) => new core.EndpointError("HTTP 503", { status: 503, retryable: true });
  const answers = {
    endpointAsEndpoint: endpoint(esm) instanceof cjs.EndpointError,
    endpointAsBase: endpoint(esm) instanceof cjs.TooltypeError,
    endpointAsError: endpoint(esm) instanceof Error,
    endpointAsProtocol: endpoint(esm) instanceof cjs.ProtocolError,
    endpointAsAborted: endpoint(cjs) instanceof esm.AbortedError,
    unknownToolAsUnknownTool: new cjs.UnknownToolError("x", []) instanceof esm.UnknownToolError,
    unknownToolAsDuplicate: new cjs.UnknownToolError("x", []) instanceof esm.DuplicateToolError,
    packageErrorAsItself: new EsmBusy() instanceof CjsBusy,
    packageErrorAsBase: new EsmBusy() instanceof cjs.TooltypeError,
    packageErrorAsEndpoint: new EsmBusy() instanceof cjs.EndpointError,
    endpointAsPackageError: endpoint(cjs) instanceof EsmBusy,
    appErrorAsEndpoint: new AppEndpointError("HTTP 500", { retryable: true }) instanceof cjs.EndpointError,
    endpointAsAppError: endpoint(cjs) instanceof AppEndpointError,
    sameCopyEndpointAsAppError: endpoint(esm) instanceof AppEndpointError,
    sameCopyProtocolAsEndpoint: new esm.ProtocolError("not JSON") instanceof esm.EndpointError,
    plainErrorAsBase: new Error("plain") instanceof cjs.TooltypeError,
    nullAsBase: null instanceof esm.TooltypeError,
    lookalikeAsEndpoint: Object.assign(new Error("x"), { code: "ENDPOINT" }) instanceof esm.EndpointError,
  };
  process.stdout.write(JSON.stringify(answers));
});
`;

describe("instanceof across two copies of the package", () => {
  it("matches an error of the other copy by its marker and code, and only its own class", () => {
    for (const entry of [cjsEntry, esmEntry]) {
      if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`node scripts/build.mjs core\` first.`);
    }
    const built = statSync(cjsEntry).mtimeMs;
    if (statSync(join(__dirname, "tooltype-error.ts")).mtimeMs > built)
      throw new Error("packages/core/dist is older than errors/tooltype-error.ts: run `node scripts/build.mjs core`.");

    const answers = JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8" })) as Record<
      string,
      boolean
    >;

    expect(answers).toEqual({
      endpointAsEndpoint: true,
      endpointAsBase: true,
      endpointAsError: true,
      endpointAsProtocol: false,
      endpointAsAborted: false,
      unknownToolAsUnknownTool: true,
      unknownToolAsDuplicate: false,
      packageErrorAsItself: true,
      packageErrorAsBase: true,
      packageErrorAsEndpoint: false,
      endpointAsPackageError: false,
      appErrorAsEndpoint: true,
      endpointAsAppError: false,
      sameCopyEndpointAsAppError: false,
      sameCopyProtocolAsEndpoint: false,
      plainErrorAsBase: false,
      nullAsBase: false,
      lookalikeAsEndpoint: false,
    });
  });
});
