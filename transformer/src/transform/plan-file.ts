import type * as ts from "typescript";
import { DiagnosticCode, diagnosticAt } from "../engine/diagnostics.js";
import { describeTool } from "../engine/tool/describe-tool.js";
import { findToolSites, type ToolSite } from "../engine/sites.js";
import type { TypeScript } from "../engine/types.js";
import { describeDefineTool } from "./define-tool.js";
import { describeJsonSchema } from "./json-schema-macro.js";

/** What to do at one call: keep its arguments, pad them with `undefined` to `position`, then add `value` (and `more`). */
export interface Injection {
  /** Index the injected value takes in the argument list. */
  position: number;
  /** The JSON value written there as a literal. */
  value: unknown;
  /** JSON values written after it, in order (a `jsonSchema<T>()`'s `Date` paths). */
  more?: unknown[];
}

/** The injections of one file, keyed by the original call node, and the file's diagnostics. */
export interface FilePlan {
  injections: Map<ts.CallExpression, Injection>;
  diagnostics: ts.Diagnostic[];
}

/** Finds every tool site of a file and works out its metadata (or the diagnostics why not). */
export function planFile(
  tsm: TypeScript,
  checker: ts.TypeChecker,
  sourceFile: ts.SourceFile,
  sourceRoot?: string,
): FilePlan {
  return planSites(tsm, checker, findToolSites(tsm, checker, sourceFile), sourceRoot);
}

/** `planFile` for sites already found (callers that also need the sites themselves). */
export function planSites(
  tsm: TypeScript,
  checker: ts.TypeChecker,
  sites: readonly ToolSite[],
  sourceRoot?: string,
): FilePlan {
  const plan: FilePlan = { injections: new Map(), diagnostics: [] };
  for (const site of sites) planSite(tsm, checker, site, plan, sourceRoot);
  return plan;
}

function planSite(
  tsm: TypeScript,
  checker: ts.TypeChecker,
  site: ToolSite,
  plan: FilePlan,
  sourceRoot: string | undefined,
): void {
  switch (site.kind) {
    case "decorator":
    case "registry-add": {
      const declaration = site.kind === "decorator" ? site.method : site.target;
      const described = describeTool(tsm, checker, declaration, {
        description: site.description,
        name: site.name,
        sourceRoot,
      });
      plan.diagnostics.push(...described.diagnostics);
      if (described.metadata) plan.injections.set(site.call, { position: 2, value: described.metadata });
      return;
    }
    case "define-tool": {
      const described = describeDefineTool(tsm, checker, site.call, sourceRoot);
      plan.diagnostics.push(...described.diagnostics);
      if (described.metadata) plan.injections.set(site.call, { position: 1, value: described.metadata });
      return;
    }
    case "json-schema": {
      const described = describeJsonSchema(tsm, checker, site.call);
      plan.diagnostics.push(...described.diagnostics);
      // After the site id, when there is one: `jsonSchema("id", schema)`; then the `Date` paths, if any.
      const position = site.call.arguments.length;
      const more = described.dates.length > 0 ? [described.dates] : undefined;
      if (described.schema !== undefined)
        plan.injections.set(site.call, { position, value: described.schema, ...(more ? { more } : {}) });
      return;
    }
    case "unresolved-add": {
      const message =
        site.reason === "indirect"
          ? "ToolRegistry.add is used without being called here, so the transformer cannot read the function's parameters; call registry.add(fn) with each function directly"
          : site.reason === "spread"
            ? "registry.add(...list) hides which functions are added; call registry.add(fn) once per function"
            : "the function passed to registry.add has no declaration the transformer can read (a parameter, a computed value); pass a declared function or an arrow function directly, or use defineTool";
      const code =
        site.reason === "unknown-function" ? DiagnosticCode.UnresolvedFunction : DiagnosticCode.IndirectRegistryAdd;
      plan.diagnostics.push(diagnosticAt(tsm, site.node, code, message));
      return;
    }
  }
}
