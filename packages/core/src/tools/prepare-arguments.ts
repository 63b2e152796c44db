import type { ArgumentIssue } from "../errors/tool-argument-error.js";
import type { JSONObject, JSONSchema } from "../json.js";
import { argumentIssues, formatArgumentIssues } from "../schema/argument-issues.js";
import { DateLocations, type DatePaths } from "../schema/date-locations.js";
import { validatorFor } from "../schema/validation.js";
import { applyDefaults } from "./argument-mapping.js";
import { inexactIntegerIssues } from "./inexact-integers.js";
import {
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_TOOL_INPUT,
  nestedDeeperThan,
  utf8Length,
  utf8LongerThan,
  type InputLimits,
} from "./input-limits.js";

/** Arguments ready for the function, or why they are not. */
export type PreparedArguments =
  | { ok: true; value: JSONObject | string }
  | { ok: false; failure: "input" | "arguments" | "conversion"; message: string; issues: ArgumentIssue[] };

/** What preparing arguments needs to know about a tool. */
export interface PreparableTool {
  readonly name: string;
  readonly schema: JSONSchema;
  readonly custom: boolean;
  readonly dates: DatePaths;
}

/** A refusal: `message` is the whole sentence for the model, `issues` default to one about the arguments as a whole. */
function refuse(
  failure: "input" | "arguments" | "conversion",
  message: string,
  issues: ArgumentIssue[] | string,
): PreparedArguments {
  return { ok: false, failure, message, issues: typeof issues === "string" ? [{ path: "", message: issues }] : issues };
}

function tooLarge(tool: PreparableTool, bytes: number, limit: number): PreparedArguments {
  const why = `too large: ${bytes} bytes (the limit is ${limit})`;
  return refuse("input", `Arguments for ${tool.name} are ${why}. Send less data.`, `${why}; send less data`);
}

/**
 * Checks and converts a call's input before the function may see it: input limits (size of the
 * JSON, nesting), a fresh JSON copy (own properties only, `toJSON` applied, `__proto__` as plain
 * data), the schema, then the schema's defaults and `Date` revival. Nothing here throws.
 */
export function prepareArguments(tool: PreparableTool, args: unknown, limits: Partial<InputLimits>): PreparedArguments {
  const maxToolInput = limits.maxToolInput ?? DEFAULT_MAX_TOOL_INPUT;
  const maxDepth = limits.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (tool.custom) {
    const text = args === undefined ? "" : args;
    if (typeof text !== "string") {
      return refuse(
        "arguments",
        `${tool.name} takes free text: its input must be a string, not ${typeof text}.`,
        `must be free text (a string), not ${typeof text}`,
      );
    }
    return utf8LongerThan(text, maxToolInput)
      ? tooLarge(tool, utf8Length(text), maxToolInput)
      : { ok: true, value: text };
  }

  const raw = args === undefined ? {} : args;
  if (nestedDeeperThan(raw, maxDepth)) {
    const why = `nested too deeply (more than ${maxDepth} levels)`;
    return refuse("input", `Arguments for ${tool.name} are ${why}.`, why);
  }
  let json: string | undefined;
  try {
    json = JSON.stringify(raw);
  } catch (error) {
    const why =
      error instanceof TypeError && /circular|cyclic/i.test(error.message)
        ? "they contain a cycle"
        : error instanceof Error
          ? error.message
          : String(error);
    return refuse("input", `Arguments for ${tool.name} are not JSON data: ${why}.`, `not JSON data: ${why}`);
  }
  if (json !== undefined && utf8LongerThan(json, maxToolInput)) return tooLarge(tool, utf8Length(json), maxToolInput);
  // JSON.parse creates own data properties only, `__proto__` included: nothing inherited, nothing polluted.
  const value: unknown = json === undefined ? undefined : JSON.parse(json);
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    const issues = [
      {
        path: "",
        message: `must be an object (got ${json === undefined ? typeof raw : json.length > 40 ? `${json.slice(0, 39)}…` : json})`,
      },
    ];
    return refuse("arguments", formatArgumentIssues(tool.name, issues), issues);
  }

  let validate;
  try {
    validate = validatorFor(tool.schema);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    const problem = `its schema does not compile (${why})`;
    return refuse(
      "arguments",
      `Tool ${tool.name} cannot check its arguments: ${problem}.`,
      `cannot be checked: ${problem}`,
    );
  }
  const errors = validate(value);
  if (errors !== undefined) {
    const issues = argumentIssues(errors);
    return refuse("arguments", formatArgumentIssues(tool.name, issues), issues);
  }

  const inexact = inexactIntegerIssues(value, validate);
  if (inexact.length > 0) return refuse("arguments", formatArgumentIssues(tool.name, inexact), inexact);

  const object = value as JSONObject;
  applyDefaults(object, tool.schema);
  const revived = DateLocations.of(tool.dates).revive(object);
  if (!revived.ok) {
    const issues = [{ path: revived.path, message: "must be a date-time string such as 2024-05-01T12:00:00Z" }];
    return refuse("conversion", formatArgumentIssues(tool.name, issues), issues);
  }
  return { ok: true, value: object };
}
