// Typed answers in the loop: the options' `output` resolved, the final answer read (repaired in
// prompt mode), nulls of a strict schema mapped back, validated with Ajv, and the issues worded
// for the model when it must answer again.
import type { CompletionChoice } from "../endpoints/model-endpoint.js";
import { mayHoldUnusable, unusableValue } from "../endpoints/argument-values.js";
import { jsonTextExceedsDepth } from "../endpoints/json-depth.js";
import type { ChoiceOutput, OutputRequest } from "../endpoints/output-request.js";
import { OutputError } from "../errors/output-error.js";
import type { ArgumentIssue } from "../errors/tool-argument-error.js";
import { isPlainObject, type JSONObject, type JSONSchema } from "../json.js";
import { argumentIssues, displayPath } from "../schema/argument-issues.js";
import { DateLocations, type DatePaths } from "../schema/date-locations.js";
import { repairArgumentText, repairArgumentValues, type RepairRecord } from "../schema/repair.js";
import { restoreOmittedArguments } from "../schema/strict-schema-nulls.js";
import { validatorFor } from "../schema/validation.js";
import { inexactIntegerIssues } from "../tools/inexact-integers.js";
import { outputDatesOf } from "../tools/output-dates.js";
import { assertOutputSchemaRegistered } from "../tools/output-schema-registry.js";
import { TOOL_NAME_PATTERN } from "../tools/tool-name.js";

/** How many times an answer that does not match its schema is sent back by default. */
export const DEFAULT_OUTPUT_RETRIES = 2;

/** `options.output` with its defaults, checked. */
export interface ResolvedOutput {
  request: OutputRequest;
  /** Answers asked for again after an invalid one. */
  retries: number;
  /** Paths of the `Date`s in the answer's type (from `jsonSchema<T>()`), revived from their strings. */
  dates: DatePaths;
}

/** Checks `output`, `outputName` and `outputRetries`; undefined when no typed answer is asked for. */
export function resolveOutput(
  output: JSONSchema | undefined,
  name: string | undefined,
  retries: number | undefined,
): ResolvedOutput | undefined {
  if (output === undefined) return undefined;
  if (typeof output !== "boolean" && !isPlainObject(output))
    throw new TypeError("options.output must be a JSON Schema: write { output: jsonSchema<YourType>() }.");
  assertOutputSchemaRegistered(output);
  const title = isPlainObject(output) && typeof output.title === "string" ? output.title : undefined;
  const chosen = name ?? (title !== undefined && TOOL_NAME_PATTERN.test(title) ? title : "answer");
  if (!TOOL_NAME_PATTERN.test(chosen))
    throw new TypeError(`options.outputName must match ${String(TOOL_NAME_PATTERN)}, got ${JSON.stringify(chosen)}.`);
  if (retries !== undefined && !(Number.isInteger(retries) && retries >= 0))
    throw new RangeError(`options.outputRetries must be a non-negative integer, got ${String(retries)}.`);
  return {
    request: { name: chosen, schema: output },
    retries: retries ?? DEFAULT_OUTPUT_RETRIES,
    dates: outputDatesOf(output),
  };
}

/** The outcome of reading one answer. */
export type OutputCheck =
  { ok: true; value: unknown; repaired: RepairRecord[] } | { ok: false; issues: ArgumentIssue[] };

function parse(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The answer part of a choice: what the endpoint marked, else its text read as in prompt mode. */
export function choiceOutput(choice: CompletionChoice): ChoiceOutput {
  return choice.output ?? { text: choice.text ?? "", mode: "prompt" };
}

/**
 * Reads and validates one answer, with the limits tool arguments have (nesting, numbers past a
 * double, lone surrogates, integers past 2^53 − 1), then revives its `Date`s (`dates`). In prompt
 * mode (and with `repair`), text that is almost JSON and values that are almost right are
 * repaired by the exact rules tool arguments follow.
 */
export function checkOutput(
  answer: ChoiceOutput,
  schema: JSONSchema,
  maxDepth: number,
  repair: boolean,
  dates: DatePaths = [],
): OutputCheck {
  const text = answer.text;
  if (jsonTextExceedsDepth(text, maxDepth))
    return { ok: false, issues: [{ path: "", message: `nests deeper than ${maxDepth} levels` }] };
  const lenient = repair || answer.mode === "prompt";
  const repaired: RepairRecord[] = [];
  let value: unknown;
  const parsed = parse(text.trim());
  if (parsed.ok) value = parsed.value;
  else {
    const fixed = lenient ? repairArgumentText(text) : undefined;
    if (fixed === undefined || !fixed.ok)
      return { ok: false, issues: [{ path: "", message: `is not valid JSON (${parsed.message})` }] };
    value = fixed.value;
    repaired.push(...fixed.repaired);
  }
  // As for arguments: a number past a double or a lone surrogate cannot be used (nor sent back).
  const unusable = mayHoldUnusable(text) ? unusableValue(value) : undefined;
  if (unusable !== undefined)
    return {
      ok: false,
      issues: [
        { path: "", message: `holds ${unusable}; use ordinary values (numbers within ±1.7e308, well-formed text)` },
      ],
    };
  if (answer.strict !== undefined && isPlainObject(value))
    value = restoreOmittedArguments(value as JSONObject, answer.strict);
  const validate = validatorFor(schema);
  let errors = validate(value);
  if (errors !== undefined && lenient && isPlainObject(value)) {
    const values = repairArgumentValues(value as JSONObject, schema);
    if (values !== undefined && validate(values.value) === undefined) {
      value = values.value;
      repaired.push(...values.repaired);
      errors = undefined;
    }
  }
  if (errors !== undefined) return { ok: false, issues: argumentIssues(errors) };
  const inexact = inexactIntegerIssues(value, validate);
  if (inexact.length > 0) return { ok: false, issues: inexact };
  return withDates(value, dates, repaired);
}

// A `Date` at the root of the answer is returned as the answer itself.
function withDates(value: unknown, dates: DatePaths, repaired: RepairRecord[]): OutputCheck {
  const revived = DateLocations.of(dates).revive(value);
  if (revived.ok) return { ok: true, value: revived.value, repaired };
  return {
    ok: false,
    issues: [{ path: revived.path, message: "must be a date-time string such as 2024-05-01T12:00:00Z" }],
  };
}

function answerPath(pointer: string): string {
  if (pointer === "") return "answer";
  const path = displayPath(pointer);
  return path.startsWith("[") ? `answer${path}` : `answer.${path}`;
}

/** `- answer.city: must be a string (got 3)`, one line per issue (at most `max`). */
export function formatOutputIssues(issues: readonly ArgumentIssue[], max = 8): string {
  const lines = issues.slice(0, max).map((issue) => `- ${answerPath(issue.path)}: ${issue.message}`);
  if (issues.length > max) lines.push(`- … and ${issues.length - max} more`);
  return lines.join("\n");
}

/** What the model reads after an answer that does not match the schema. */
export function retryMessage(issues: readonly ArgumentIssue[]): string {
  return `Your answer does not match the required JSON Schema:\n${formatOutputIssues(issues)}\nAnswer again with the corrected JSON only.`;
}

/** The error a completion fails with once `attempts` answers did not match the typed answer's schema. */
export function outputFailure(
  output: ResolvedOutput,
  issues: readonly ArgumentIssue[],
  text: string,
  attempts: number,
): OutputError {
  return new OutputError(
    `The answer did not match the schema of "${output.request.name}" after ${attempts} attempt(s):\n${formatOutputIssues(issues, 5)}\nRaise options.outputRetries, simplify the type, or use a model with structured outputs.`,
    issues,
    text,
    attempts,
  );
}
