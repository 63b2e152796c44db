import type * as ts from "typescript";
import {
  describeTool,
  findToolSites,
  type DescribeToolResult,
  type ToolDeclaration,
  type ToolMetadata,
  type ToolSite,
} from "../engine/index.js";
import { exportNameOf } from "./export-name.js";
import { SidecarDiagnosticCode, sidecarDiagnostic } from "./generate-diagnostic.js";
import type { LoadedProject } from "./load-project.js";
import { describeJsonSchema } from "../transform/json-schema-macro.js";
import type { JSONSchema } from "../engine/types.js";

/** One tool found in the project, described by the engine. */
export interface CollectedTool {
  /** `file#Class.method` or `file#function`, the file relative to the project directory. */
  key: string;
  /** Absolute path of the module that declares the class or function. */
  modulePath: string;
  /** The name another module imports the class or function by; undefined when it is not exported. */
  exportName?: string;
  /** The method name; undefined for a function. */
  methodName?: string;
  /** The class or function's declared name (`default` for an anonymous default export). */
  declaredName: string;
  /** The engine's metadata, as the transformer injects it. */
  metadata: ToolMetadata;
}

/** One `jsonSchema<T>("id")` call site: the schema the sidecar registers under its site id. */
export interface CollectedOutput {
  /** The site id written at the call. */
  id: string;
  /** The schema of `T`, as the transformer injects it. */
  schema: JSONSchema;
  /** Paths of the `Date`s in `T` (empty when it has none). */
  dates: string[][];
  /** `file:line` of the first call with this id, the file relative to the project directory. */
  location: string;
}

/** What was found: tools, and every problem on the way. */
export interface CollectedTools {
  tools: CollectedTool[];
  /** Output schemas of `jsonSchema<T>("id")` calls, sorted by id (only when collecting for a sidecar). */
  outputs: CollectedOutput[];
  /** Engine diagnostics, and (for a sidecar) what the sidecar cannot import or key. */
  diagnostics: ts.Diagnostic[];
}

/** Options of `collectTools`. */
export interface CollectOptions {
  /** Report what a sidecar cannot register (not exported, not keyable, call-site macros). */
  forSidecar: boolean;
}

/** Where a keyable tool lives: the statement to export and the label of its key. */
interface Keyable {
  exportable: ts.Declaration;
  label: string;
}

/** A top-level class, or the top-level `const X = class …` holding it. */
function keyableClass(tsm: typeof ts, owner: ts.ClassLikeDeclaration): Keyable {
  if (tsm.isClassExpression(owner) && tsm.isVariableDeclaration(owner.parent) && tsm.isIdentifier(owner.parent.name)) {
    return { exportable: owner.parent, label: owner.parent.name.text };
  }
  return { exportable: owner, label: owner.name?.text ?? "default" };
}

/** A top-level function declaration, or a top-level `const f = (…) => …` / `function (…) {…}`. */
function keyableFunction(tsm: typeof ts, target: ToolDeclaration): Keyable | undefined {
  if (tsm.isFunctionDeclaration(target) && tsm.isSourceFile(target.parent))
    return { exportable: target, label: target.name?.text ?? "default" };
  const holder = target.parent;
  if (
    (tsm.isArrowFunction(target) || tsm.isFunctionExpression(target)) &&
    tsm.isVariableDeclaration(holder) &&
    tsm.isIdentifier(holder.name) &&
    tsm.isVariableStatement(holder.parent.parent) &&
    tsm.isSourceFile(holder.parent.parent.parent)
  ) {
    return { exportable: holder, label: holder.name.text };
  }
  return undefined;
}

function memberName(tsm: typeof ts, method: ts.MethodDeclaration): string | undefined {
  return tsm.isIdentifier(method.name) || tsm.isStringLiteral(method.name) ? method.name.text : undefined;
}

function hasSchemaOption(tsm: typeof ts, call: ts.CallExpression): boolean {
  const options = call.arguments[0];
  return (
    options !== undefined &&
    tsm.isObjectLiteralExpression(options) &&
    options.properties.some(
      (p) =>
        p.name !== undefined && (tsm.isIdentifier(p.name) || tsm.isStringLiteral(p.name)) && p.name.text === "schema",
    )
  );
}

/**
 * Finds every tool site in `files` with the engine's `findToolSites` (the transformer's own
 * recognition) and describes each decorated method and registered function with `describeTool`,
 * asked as the transformer asks it. A function registered in several places is described once.
 */
export function collectTools(
  loaded: LoadedProject,
  files: readonly ts.SourceFile[],
  options: CollectOptions,
): CollectedTools {
  const { ts: tsm, checker } = loaded;
  const tools = new Map<string, CollectedTool>();
  const outputs = new Map<string, CollectedOutput>();
  const diagnostics: ts.Diagnostic[] = [];
  const reported = new Set<ts.Node>();
  const error = (
    node: ts.Node,
    code: (typeof SidecarDiagnosticCode)[keyof typeof SidecarDiagnosticCode],
    message: string,
  ): void => {
    if (options.forSidecar) diagnostics.push(sidecarDiagnostic(tsm, node, code, message));
  };

  const record = (
    declaration: ToolDeclaration,
    keyable: Keyable,
    kind: "class" | "function",
    methodName: string | undefined,
    describe: () => DescribeToolResult,
  ): void => {
    const modulePath = declaration.getSourceFile().fileName;
    const key = `${loaded.relativePath(modulePath)}#${keyable.label}${methodName === undefined ? "" : `.${methodName}`}`;
    if (tools.has(key)) return;
    const described = describe();
    diagnostics.push(...described.diagnostics);
    if (!described.metadata) return;
    const exportName = exportNameOf(tsm, checker, keyable.exportable);
    if (exportName === undefined && !reported.has(keyable.exportable)) {
      reported.add(keyable.exportable);
      const keyword = tsm.isVariableDeclaration(keyable.exportable) ? "const" : kind;
      const fix = `export ${keyword} ${keyable.label}`;
      error(
        (keyable.exportable as ts.NamedDeclaration).name ?? keyable.exportable,
        SidecarDiagnosticCode.NotExported,
        `${kind} ${keyable.label} ${kind === "class" ? "has @Description methods" : "is passed to registry.add"} but is not exported, so the sidecar cannot import it. Fix: export it (\`${fix}\`), or build with the tooltype transformer.`,
      );
    }
    tools.set(key, {
      key,
      modulePath,
      exportName,
      methodName,
      declaredName: keyable.label,
      metadata: described.metadata,
    });
  };

  const visitSite = (site: ToolSite): void => {
    switch (site.kind) {
      case "decorator": {
        const methodName = memberName(tsm, site.method);
        if (methodName === undefined || !tsm.isClassLike(site.method.parent)) return; // #private, computed: the decorator refuses these at run time
        const method = site.method;
        record(method, keyableClass(tsm, method.parent as ts.ClassLikeDeclaration), "class", methodName, () =>
          describeTool(tsm, checker, method, {
            description: site.description,
            name: site.name,
            sourceRoot: loaded.directory,
          }),
        );
        return;
      }
      case "registry-add": {
        const keyable = keyableFunction(tsm, site.target);
        if (!keyable) {
          error(
            site.call.arguments[0]!,
            SidecarDiagnosticCode.NotKeyable,
            `registry.add(${site.call.arguments[0]!.getText()}): the sidecar can only register a top-level function (\`export function name(…)\` or \`export const name = (…) => …\`). Fix: declare it so and pass it by name, or build with the tooltype transformer.`,
          );
          return;
        }
        // Keyed by function, not by call: `add`'s { name, description } are applied by the registry at run time.
        const target = site.target;
        record(target, keyable, "function", undefined, () =>
          describeTool(tsm, checker, target, { sourceRoot: loaded.directory }),
        );
        return;
      }
      case "unresolved-add":
        error(
          site.node,
          SidecarDiagnosticCode.NotKeyable,
          `registry.add is used so the function it receives cannot be found (${site.reason}). Fix: call registry.add(fn) directly with a declared, exported function.`,
        );
        return;
      case "json-schema":
        if (options.forSidecar && site.siteId !== undefined) collectOutput(site.call, site.siteId);
        else if (options.forSidecar)
          diagnostics.push(
            sidecarDiagnostic(
              tsm,
              site.call.expression,
              SidecarDiagnosticCode.MacroNeedsTransformer,
              `jsonSchema<T>() without a site id needs the tooltype transformer (tooltype build, ts-patch, ts-jest or the bundler plugin) and throws TransformerRequiredError in sidecar mode. Fix: give it a site id, jsonSchema<T>("answer"), and the sidecar registers its schema under that id.`,
              "warning",
            ),
          );
        return;
      case "define-tool":
        if (!options.forSidecar || hasSchemaOption(tsm, site.call)) return;
        diagnostics.push(
          sidecarDiagnostic(
            tsm,
            site.call.expression,
            SidecarDiagnosticCode.MacroNeedsTransformer,
            "defineTool<T>() is a call-site macro: it needs the tooltype transformer (tooltype build, ts-patch, ts-jest or the bundler plugin) and throws TransformerRequiredError in sidecar mode; pass `schema` to defineTool to use it without the transformer.",
            "warning",
          ),
        );
        return;
    }
  };

  // The same id at several calls is one registration: their schemas must agree.
  const collectOutput = (call: ts.CallExpression, id: string): void => {
    const described = describeJsonSchema(tsm, checker, call);
    diagnostics.push(...described.diagnostics);
    if (described.schema === undefined) return;
    const file = call.getSourceFile();
    const line = tsm.getLineAndCharacterOfPosition(file, call.getStart(file)).line + 1;
    const location = `${loaded.relativePath(file.fileName)}:${line}`;
    const earlier = outputs.get(id);
    if (earlier === undefined) {
      outputs.set(id, { id, schema: described.schema, dates: described.dates, location });
      return;
    }
    const same = (a: CollectedOutput) => JSON.stringify([a.schema, a.dates]);
    if (same(earlier) === same({ id, schema: described.schema, dates: described.dates, location })) return;
    diagnostics.push(
      sidecarDiagnostic(
        tsm,
        call.arguments[0]!,
        SidecarDiagnosticCode.OutputIdConflict,
        `jsonSchema site id ${JSON.stringify(id)} is also used at ${earlier.location} for a different type, so the sidecar cannot register one schema under it. Fix: give each type its own site id.`,
      ),
    );
  };

  for (const file of files) for (const site of findToolSites(tsm, checker, file)) visitSite(site);
  const byKey =
    <E>(key: (e: E) => string) =>
    (a: E, b: E) =>
      key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
  return {
    tools: [...tools.values()].sort(byKey((t) => t.key)),
    outputs: [...outputs.values()].sort(byKey((o) => o.id)),
    diagnostics,
  };
}
