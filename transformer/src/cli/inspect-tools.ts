import type * as ts from "typescript";
import { findToolSites } from "../engine/sites.js";
import type { JSONSchema, ToolMetadata } from "../engine/types.js";
import { planSites } from "../transform/plan-file.js";
import { isCoreFile } from "../engine/core-symbols.js";
import type { LoadedProject } from "../sidecar/load-project.js";

/** One tool as `tooltype inspect` shows it: what the transformer would inject at that site. */
export interface InspectedTool {
  /** The tool name the model sees. */
  name: string;
  /** The description the model reads (`@Description` text, `add`/`defineTool` option, else the JSDoc summary). */
  description?: string;
  /** How it became a tool; `output` is no tool but a `jsonSchema<T>()` call (a typed answer's schema), named by `T`. */
  kind: "method" | "function" | "defineTool" | "output";
  /** Where it is declared: `file#Class.method` or `file#function`. */
  source?: string;
  /** Where the decorator or call is: `file:line`, relative to the project directory. */
  location: string;
  /** The parameters object schema (for `output`: the answer's schema). */
  schema: JSONSchema;
  /** For `output`: the site id of `jsonSchema<T>("id")`, the key the sidecar registers the schema under. */
  siteId?: string;
  /** The schema of the awaited return value, when it has one. */
  returns?: JSONSchema;
}

/** What inspecting a file found. */
export interface Inspection {
  /** Project-relative paths of the files looked at: FILE first, then the project files it imports. */
  files: string[];
  tools: InspectedTool[];
  /** The transformer's diagnostics for those files. */
  diagnostics: ts.Diagnostic[];
}

/** FILE and, unless `followImports` is false, every project file it imports (directly or not), in visiting order. */
function filesToInspect(loaded: LoadedProject, entry: ts.SourceFile, followImports: boolean): ts.SourceFile[] {
  const { ts: tsm, checker } = loaded;
  const seen = new Set<ts.SourceFile>([entry]);
  const queue = [entry];
  for (let i = 0; followImports && i < queue.length; i++) {
    for (const statement of queue[i]!.statements) {
      const specifier =
        tsm.isImportDeclaration(statement) || tsm.isExportDeclaration(statement)
          ? statement.moduleSpecifier
          : undefined;
      const target = specifier ? checker.getSymbolAtLocation(specifier)?.valueDeclaration : undefined;
      if (!target || !tsm.isSourceFile(target) || seen.has(target)) continue;
      if (
        target.isDeclarationFile ||
        /[\\/]node_modules[\\/]/.test(target.fileName) ||
        isCoreFile(tsm, target.fileName)
      )
        continue;
      seen.add(target);
      queue.push(target);
    }
  }
  return queue;
}

/**
 * The tools of `entry` (and the project files it imports), computed by the transformer's own
 * planning (`planSites`), so what is shown is exactly what a build injects. The same function
 * registered twice with the same name and description is listed once.
 */
export function inspectTools(loaded: LoadedProject, entry: ts.SourceFile, followImports = true): Inspection {
  const { ts: tsm, checker } = loaded;
  const files = filesToInspect(loaded, entry, followImports);
  const tools: InspectedTool[] = [];
  const diagnostics: ts.Diagnostic[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const sites = findToolSites(tsm, checker, file);
    const plan = planSites(tsm, checker, sites, loaded.directory);
    diagnostics.push(...plan.diagnostics);
    for (const site of sites) {
      if (site.kind === "json-schema") {
        const schema = plan.injections.get(site.call)?.value as JSONSchema | undefined;
        if (schema === undefined) continue;
        const line = tsm.getLineAndCharacterOfPosition(file, site.call.getStart(file)).line + 1;
        const type = site.call.typeArguments?.[0]?.getText(file) ?? "unknown";
        const location = `${loaded.relativePath(file.fileName)}:${line}`;
        tools.push({
          name: type,
          kind: "output",
          location,
          schema,
          ...(site.siteId !== undefined ? { siteId: site.siteId } : {}),
        });
        continue;
      }
      if (site.kind !== "decorator" && site.kind !== "registry-add" && site.kind !== "define-tool") continue;
      const metadata = plan.injections.get(site.call)?.value as ToolMetadata | undefined;
      if (!metadata) continue;
      const kind = site.kind === "decorator" ? "method" : site.kind === "registry-add" ? "function" : "defineTool";
      const key = JSON.stringify([kind, metadata.source, metadata.name, metadata.description]);
      if (seen.has(key)) continue;
      seen.add(key);
      const line = tsm.getLineAndCharacterOfPosition(file, site.call.getStart(file)).line + 1;
      tools.push({
        name: metadata.name,
        ...(metadata.description !== undefined ? { description: metadata.description } : {}),
        kind,
        ...(metadata.source !== undefined ? { source: metadata.source } : {}),
        location: `${loaded.relativePath(file.fileName)}:${line}`,
        schema: metadata.schema,
        ...(metadata.returns !== undefined ? { returns: metadata.returns } : {}),
      });
    }
  }
  return { files: files.map((file) => loaded.relativePath(file.fileName)), tools, diagnostics };
}
