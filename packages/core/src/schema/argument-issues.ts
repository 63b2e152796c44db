import type { ErrorObject } from "ajv";
import type { ArgumentIssue } from "../errors/tool-argument-error.js";

// Turns Ajv's error objects into one short line per failing path, worded for a model to act on.
// Ajv runs with `verbose: true`, so each error carries the failing `data` and its `schema`.

const unions = new Set(["anyOf", "oneOf"]);
const shapeKeywords = new Set(["type", "const", "enum", "false schema"]);

/** Escapes one property name as a JSON Pointer segment. */
export function pointerSegment(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** `/items/0/name` → `items[0].name`; the arguments object itself is `arguments`. */
export function displayPath(pointer: string): string {
  if (pointer === "") return "arguments";
  let out = "";
  for (const raw of pointer.slice(1).split("/")) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (/^(0|[1-9][0-9]*)$/.test(segment)) out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out === "" ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

function preview(value: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  if (text === undefined) return String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

function got(error: ErrorObject): string {
  return error.data === undefined ? "" : ` (got ${preview(error.data)})`;
}

const articles: Record<string, string> = {
  string: "a string",
  number: "a number",
  integer: "an integer",
  boolean: "a boolean",
  object: "an object",
  array: "an array",
  null: "null",
};

function typeWords(type: unknown): string {
  const list = Array.isArray(type) ? type : String(type).split(",");
  return list.map((t) => articles[String(t)] ?? String(t)).join(" or ");
}

function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, 10).map(preview).join(", ");
  return values.length > 10 ? `${shown}, …` : shown;
}

function describeShape(schema: unknown): string {
  if (typeof schema !== "object" || schema === null) return schema === false ? "nothing" : "anything";
  const s = schema as Record<string, unknown>;
  if ("const" in s) return preview(s["const"]);
  if (Array.isArray(s["enum"])) return `one of ${listValues(s["enum"])}`;
  const properties = s["properties"];
  if (typeof properties === "object" && properties !== null && (s["type"] === "object" || s["type"] === undefined)) {
    const entries = Object.entries(properties as Record<string, unknown>);
    const tag = entries.find(([, value]) => typeof value === "object" && value !== null && "const" in value);
    if (tag !== undefined) return `an object with ${tag[0]} ${preview((tag[1] as { const: unknown }).const)}`;
    if (entries.length > 0)
      return `an object with ${entries
        .map(([key]) => key)
        .slice(0, 6)
        .join(", ")}`;
  }
  if (s["type"] !== undefined) return typeWords(s["type"]);
  if (typeof s["$ref"] === "string") return s["$ref"].split("/").pop() ?? "another shape";
  return "another shape";
}

function messageFor(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
    case "dependentRequired":
    case "dependencies":
      return "required property is missing";
    case "additionalProperties":
    case "unevaluatedProperties": {
      const props = (error.parentSchema as Record<string, unknown> | undefined)?.["properties"];
      const names = typeof props === "object" && props !== null ? Object.keys(props) : [];
      return names.length === 0
        ? "unexpected property (no properties are allowed here)"
        : `unexpected property (allowed: ${names.join(", ")})`;
    }
    case "type":
      return `must be ${typeWords(p["type"])}${got(error)}`;
    case "enum":
      return `must be one of ${listValues(Array.isArray(error.schema) ? error.schema : [])}${got(error)}`;
    case "const":
      return `must be ${preview(p["allowedValue"])}${got(error)}`;
    case "format":
      return `must be a ${String(p["format"])} string${got(error)}`;
    case "pattern":
      return `must match the pattern /${String(p["pattern"])}/${got(error)}`;
    case "minLength":
      return `must have at least ${String(p["limit"])} characters${got(error)}`;
    case "maxLength":
      return `must have at most ${String(p["limit"])} characters (got ${typeof error.data === "string" ? error.data.length : "more"})`;
    case "minItems":
      return `must have at least ${String(p["limit"])} items (got ${Array.isArray(error.data) ? error.data.length : "fewer"})`;
    case "maxItems":
      return `must have at most ${String(p["limit"])} items (got ${Array.isArray(error.data) ? error.data.length : "more"})`;
    case "false schema":
      return "is not allowed";
    case "anyOf":
    case "oneOf":
      if (Array.isArray(p["passingSchemas"]))
        return "matches more than one of the allowed shapes; it must match exactly one";
      return `must be ${(Array.isArray(error.schema) ? error.schema : []).map(describeShape).join(" or ")}${got(error)}`;
    case "not":
      return `must not match the excluded shape${got(error)}`;
    default:
      return `${error.message ?? `fails "${error.keyword}"`}${got(error)}`;
  }
}

function issuePath(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  const child = p["missingProperty"] ?? p["additionalProperty"] ?? p["unevaluatedProperty"];
  return typeof child === "string" ? `${error.instancePath}/${pointerSegment(child)}` : error.instancePath;
}

function depth(pointer: string): number {
  return pointer === "" ? 0 : pointer.split("/").length - 1;
}

/**
 * Replaces each failed `anyOf`/`oneOf` by the errors of its most plausible branch (one whose shape
 * matched at the union's own path, with the fewest errors), or by one summary line when no branch fits.
 */
function collapseUnions(errors: ErrorObject[]): ErrorObject[] {
  let list = errors;
  for (;;) {
    const union = list
      .filter((e) => unions.has(e.keyword) && !Array.isArray((e.params as Record<string, unknown>)["passingSchemas"]))
      .sort((a, b) => depth(a.instancePath) - depth(b.instancePath) || a.schemaPath.length - b.schemaPath.length)[0];
    if (union === undefined) return list;
    const prefix = `${union.schemaPath}/`;
    const branches = new Map<string, ErrorObject[]>();
    for (const e of list) {
      if (!e.schemaPath.startsWith(prefix) || !e.instancePath.startsWith(union.instancePath)) continue;
      const index = e.schemaPath.slice(prefix.length).split("/")[0] ?? "";
      branches.set(index, [...(branches.get(index) ?? []), e]);
    }
    const plausible = [...branches.values()]
      .filter((branch) =>
        branch.every(
          (e) =>
            !(
              shapeKeywords.has(e.keyword) &&
              depth(e.instancePath) <= depth(union.instancePath) + (e.keyword === "const" ? 1 : 0)
            ),
        ),
      )
      .sort((a, b) => a.length - b.length)[0];
    const claimed = new Set([...branches.values()].flat());
    const keep = new Set(plausible ?? []);
    list = list.filter((e) => (e === union ? plausible === undefined : !claimed.has(e) || keep.has(e)));
    if (plausible === undefined) {
      // Mark the summary as final so the loop does not pick it again.
      const index = list.indexOf(union);
      list[index] = { ...union, keyword: "anyOf-summary", message: messageFor(union) };
    }
  }
}

/** One issue per failing path (deduplicated, in Ajv's order), from the errors of a validation. */
export function argumentIssues(errors: readonly ErrorObject[]): ArgumentIssue[] {
  const issues: ArgumentIssue[] = [];
  const seen = new Set<string>();
  for (const error of collapseUnions(errors.filter((e) => e.keyword !== "if"))) {
    const issue = {
      path: issuePath(error),
      message: error.keyword === "anyOf-summary" ? (error.message ?? "") : messageFor(error),
    };
    const key = `${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}

/**
 * The model-facing message: a heading and one `- path: what was expected` line per issue
 * (at most `max`, then a count of the rest).
 */
export function formatArgumentIssues(toolName: string, issues: readonly ArgumentIssue[], max = 8): string {
  const lines = issues.slice(0, max).map((issue) => `- ${displayPath(issue.path)}: ${issue.message}`);
  if (issues.length > max) lines.push(`- … and ${issues.length - max} more`);
  return `Invalid arguments for ${toolName}:\n${lines.join("\n")}`;
}
