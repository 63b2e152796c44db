import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { formatDiagnostic } from "../engine/diagnostics.js";
import { objectLiteral } from "../sidecar/object-literal.js";
import type { Command } from "./command.js";
import { findTsconfig } from "./find-tsconfig.js";
import type { InspectedTool } from "./inspect-tools.js";

const usage = `Usage: tooltype inspect FILE [-p tsconfig.json] [--json] [--no-imports]

Prints every tool found in FILE and in the project files it imports: name, description, where it
is declared, its parameters schema and return schema, exactly as the transformer injects them;
and every jsonSchema<T>() (the schema of a typed answer, kind "output", named by T, with its
site id when written as jsonSchema<T>("id")).

  -p, --project   tsconfig.json, or a directory holding one (default: the nearest from FILE)
      --json      print a JSON array of { name, description, kind, source, location, schema, returns, siteId }
      --no-imports  look at FILE alone

Exits with 1 when a tool has an error (printed as file:line:col - error TTnnnn: message).`;

function indent(text: string, by: string): string {
  return text.split("\n").join(`\n${by}`);
}

/** One tool as readable text: a heading line, the description, then the schemas as (compact) JSON. */
export function formatTool(tool: InspectedTool): string {
  if (tool.kind === "output")
    return `${tool.name}  (output schema${tool.siteId !== undefined ? ` "${tool.siteId}"` : ""}, ${tool.location})\n  schema: ${objectLiteral(tool.schema, { indent: "  ", json: true })}`;
  const lines = [`${tool.name}  (${tool.kind}, ${tool.source ?? tool.location})`];
  if (tool.description) lines.push(`  ${indent(tool.description, "  ")}`);
  lines.push(`  parameters: ${objectLiteral(tool.schema, { indent: "  ", json: true })}`);
  if (tool.returns !== undefined) lines.push(`  returns: ${objectLiteral(tool.returns, { indent: "  ", json: true })}`);
  return lines.join("\n");
}

/** `tooltype inspect`: shows the tools of a file. */
export const inspectCommand: Command = {
  name: "inspect",
  summary: "print the tools of a file: name, description, schema (--json for a JSON array)",
  usage,
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args: [...args],
      options: {
        project: { type: "string", short: "p" },
        json: { type: "boolean" },
        "no-imports": { type: "boolean" },
      },
      allowPositionals: true,
      strict: true,
    });
    if (positionals.length !== 1) {
      io.err(`tooltype inspect: expected one FILE, got ${positionals.length}\n${usage}`);
      return 2;
    }
    const file = resolve(io.cwd, positionals[0]!);
    if (!existsSync(file)) {
      io.err(`tooltype inspect: ${positionals[0]} does not exist`);
      return 2;
    }
    // ts-morph (a compiler copy of its own) loads only when this command runs: `tooltype build` never pays for it.
    const [{ ts }, { loadProject }, { inspectTools }] = await Promise.all([
      import("ts-morph"),
      import("../sidecar/load-project.js"),
      import("./inspect-tools.js"),
    ]);
    const project = findTsconfig(ts, values.project === undefined ? dirname(file) : io.cwd, values.project);
    if (values.project !== undefined && !project) {
      io.err(`tooltype inspect: no tsconfig.json at ${values.project}`);
      return 2;
    }
    const loaded = loadProject(project, [file], io.cwd);
    const entry = loaded.program.getSourceFile(file.replace(/\\/g, "/"));
    if (!entry) {
      io.err(`tooltype inspect: ${positionals[0]} is not a TypeScript file the compiler can read`);
      return 2;
    }
    const inspection = inspectTools(loaded, entry, !values["no-imports"]);
    for (const diagnostic of inspection.diagnostics) io.err(formatDiagnostic(loaded.ts, diagnostic, loaded.directory));
    if (values.json) {
      io.out(JSON.stringify(inspection.tools, null, 2));
    } else if (inspection.tools.length === 0) {
      io.out(`No tools in ${inspection.files.join(", ")}.`);
    } else {
      io.out(inspection.tools.map(formatTool).join("\n\n"));
    }
    return inspection.diagnostics.some((d) => d.category === loaded.ts.DiagnosticCategory.Error) ? 1 : 0;
  },
};
