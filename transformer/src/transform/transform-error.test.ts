import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import * as ts from "typescript";
import { TransformDiagnosticsError } from "./transform-error.js";

const dist = join(__dirname, "..", "..", "dist");
const cjsError = join(dist, "cjs", "transform", "transform-error.js");
const esmError = join(dist, "esm", "transform", "transform-error.js");

describe("TransformDiagnosticsError", () => {
  it("lists the diagnostics and carries the tooltype marker core's TooltypeError.isInstance reads", () => {
    const error = new TransformDiagnosticsError(ts, []);
    expect(error.code).toBe("TRANSFORM_DIAGNOSTICS");
    expect(error.message).toBe("tooltype: 0 errors\n");
    expect((error as unknown as Record<symbol, unknown>)[Symbol.for("tooltype.error")]).toBe("TRANSFORM_DIAGNOSTICS");
    expect(TransformDiagnosticsError.isInstance(error)).toBe(true);
    expect(TransformDiagnosticsError.isInstance(new Error("plain"))).toBe(false);
  });

  // The CommonJS and ESM builds loaded side by side hold two copies of the class, as two installed
  // versions of the transformer do: instanceof answers across them.
  it("is recognised by instanceof across two copies of the package", () => {
    for (const file of [cjsError, esmError]) {
      if (!existsSync(file)) throw new Error(`${file} is missing: run \`node scripts/build.mjs transformer\` first.`);
    }
    if (statSync(join(__dirname, "transform-error.ts")).mtimeMs > statSync(cjsError).mtimeMs)
      throw new Error("transformer/dist is older than transform-error.ts: run `node scripts/build.mjs transformer`.");
    const script = `
      const ts = require("typescript");
      const cjs = require(${JSON.stringify(cjsError)});
      import(${JSON.stringify(pathToFileURL(esmError).href)}).then((esm) => {
        const answers = {
          otherCopy: new esm.TransformDiagnosticsError(ts, []) instanceof cjs.TransformDiagnosticsError,
          otherCopyIsInstance: cjs.TransformDiagnosticsError.isInstance(new esm.TransformDiagnosticsError(ts, [])),
          plainError: new Error("x") instanceof esm.TransformDiagnosticsError,
          lookalike: Object.assign(new Error("x"), { code: "TRANSFORM_DIAGNOSTICS" }) instanceof esm.TransformDiagnosticsError,
        };
        process.stdout.write(JSON.stringify(answers));
      });
    `;
    const output = execFileSync(process.execPath, ["-e", script], {
      encoding: "utf8",
      cwd: join(__dirname, "..", ".."),
    });
    expect(JSON.parse(output)).toEqual({
      otherCopy: true,
      otherCopyIsInstance: true,
      plainError: false,
      lookalike: false,
    });
  });
});
