import { newCallId } from "./call-id.js";
import { AbortedError } from "../errors/aborted-error.js";
import { ToolArgumentError, type ArgumentIssue } from "../errors/tool-argument-error.js";
import { ToolDefinitionError } from "../errors/tool-definition-error.js";
import { ToolTimeoutError } from "../errors/tool-timeout-error.js";
import type { JSONObject, JSONSchema } from "../json.js";
import type { InputLimits } from "./input-limits.js";
import { prepareArguments } from "./prepare-arguments.js";
import { returnIssues } from "./return-issues.js";
import { convertResult, errorOutput, thrownMessage } from "./result-conversion.js";
import { nextRevision } from "./revision-clock.js";
import { runWithDeadline, type DeadlineOutcome } from "./run-with-deadline.js";
import type { ToolCallContext } from "./tool-call-context.js";
import { RunningCallContext } from "./running-call-context.js";
import { isToolError } from "./tool-error.js";
import { assertToolName } from "./tool-name.js";
import type { ToolResult } from "./tool-result.js";
import type {
  ToolCallOptions,
  ToolExecuteOptions,
  ToolFailure,
  ToolFunction,
  ToolInit,
  ToolOutcome,
  ToolSource,
} from "./tool-types.js";

type Ran =
  { kind: "returned"; value: unknown } | { kind: "failed"; failure: ToolFailure; message: string; error: unknown };

const marker = Symbol.for("tooltype.tool");

// Reaches a tool's private run for the call runner (set once by the class's static block).
let outcomeNowOf: (tool: Tool, args: unknown, options: ToolExecuteOptions) => ToolOutcome | Promise<ToolOutcome>;

/**
 * `tool.execute(args, options)` for the call runner, settled without a promise when the tool's
 * function returned a plain value (and ran with neither a signal nor a timeout): its call is then
 * answered before any other microtask, and a round whose tools all return at once needs no promise
 * between the reply and the next request (`bench/side-by-side.mjs rounds`: 1.14× the floor against
 * 1.23× when every round went through promises). A subclass's own `execute` is called as it is.
 * Not part of the public API.
 */
export function executeNow(tool: Tool, args: unknown, options: ToolExecuteOptions): ToolOutcome | Promise<ToolOutcome> {
  return tool.execute === Tool.prototype.execute ? outcomeNowOf(tool, args, options) : tool.execute(args, options);
}

/** The parameters schema of a tool that takes no arguments. A fresh object on every call. */
export function emptySchema(): JSONObject {
  return { type: "object", properties: {}, additionalProperties: false };
}

/**
 * One tool: what the model is told (name, description, schema) and how it runs. Calls are
 * validated against the schema (Ajv), converted (defaults, dates), run under a timeout and the
 * caller's signal, and their results converted to text. `description`, `schema`, `strict` and
 * `impl` may be replaced; each replacement of the first three bumps `revision`.
 */
export class Tool {
  /** The name the model calls it by. */
  readonly name: string;
  /** Schema of the result, when known. */
  readonly returns: JSONSchema | undefined;
  /** Your code (`"native"`) or an MCP server's tool (`"mcp"`). */
  readonly source: ToolSource;
  /** A free-text tool (OpenAI `{"type":"custom"}`): `impl` receives the raw input string. */
  readonly custom: boolean;
  /** Per-call timeout in milliseconds; undefined: none. */
  timeoutMs: number | undefined;
  /** Argument paths revived into `Date`s. */
  readonly dates: readonly (readonly string[])[];

  #description: string;
  #schema: JSONSchema;
  #strict: boolean | undefined;
  #run: (args: unknown, context: ToolCallContext) => unknown;
  #implWrapper: ((args: unknown, options?: ToolCallOptions) => Promise<unknown>) | undefined;
  #revision = nextRevision();

  static {
    outcomeNowOf = (tool, args, options) => tool.#outcomeNow(args, options);
  }

  constructor(init: ToolInit) {
    assertToolName(init.name, "a tool");
    if (typeof init.impl !== "function") throw new ToolDefinitionError(`Tool ${init.name} needs an impl function.`);
    this.name = init.name;
    this.#description = String(init.description ?? "");
    this.custom = init.custom === true;
    this.#schema = init.schema ?? (this.custom ? { type: "string" } : emptySchema());
    this.returns = init.returns;
    this.source = init.source ?? "native";
    this.timeoutMs = init.timeoutMs;
    this.#strict = init.strict;
    this.dates = init.dates ?? [];
    this.#run = init.impl as (args: unknown, context: ToolCallContext) => unknown;
    Object.defineProperty(this, marker, { value: true });
  }

  /** True for a `Tool` from any installed copy of the package. */
  static isInstance(value: unknown): value is Tool {
    return typeof value === "object" && value !== null && marker in value;
  }

  /** What the tool does, for the model. */
  get description(): string {
    return this.#description;
  }
  set description(text: string) {
    this.#description = String(text);
    this.#revision = nextRevision();
  }

  /** The parameters schema. Assign a new object to change it: its validator is compiled on next use. */
  get schema(): JSONSchema {
    return this.#schema;
  }
  set schema(schema: JSONSchema) {
    this.#schema = schema;
    this.#revision = nextRevision();
  }

  /** Ask providers for strict schema adherence. */
  get strict(): boolean | undefined {
    return this.#strict;
  }
  set strict(strict: boolean | undefined) {
    this.#strict = strict;
    this.#revision = nextRevision();
  }

  /** Grows whenever `description`, `schema` or `strict` changes (registries fold it into their `version`). */
  get revision(): number {
    return this.#revision;
  }

  /**
   * Runs the tool directly, bypassing any policy: validates, converts, runs. Resolves with what the
   * function returned; rejects with `ToolArgumentError` on bad arguments, with what the function
   * threw, `ToolTimeoutError` or `AbortedError`. Assigning a function replaces what runs (it then
   * receives the validated arguments object and the context, like a `define`d tool).
   */
  get impl(): (args: unknown, options?: ToolCallOptions) => Promise<unknown> {
    this.#implWrapper ??= async (args, options) => {
      const ran = await this.#runNow(args, withCallId(options));
      if (ran.kind === "returned") return ran.value;
      throw ran.error;
    };
    return this.#implWrapper;
  }
  set impl(fn: ToolFunction) {
    if ((fn as unknown) === this.#implWrapper) return;
    if (typeof fn !== "function") throw new ToolDefinitionError(`Tool ${this.name}: impl must be a function.`);
    this.#run = fn as (args: unknown, context: ToolCallContext) => unknown;
  }

  /** A new Tool like this one with some settings changed; the same function runs. */
  clone(overrides: { name?: string; description?: string; timeoutMs?: number; strict?: boolean } = {}): Tool {
    return new Tool({
      name: overrides.name ?? this.name,
      description: overrides.description ?? this.#description,
      schema: this.#schema,
      returns: this.returns,
      custom: this.custom,
      source: this.source,
      timeoutMs: overrides.timeoutMs ?? this.timeoutMs,
      strict: overrides.strict ?? this.#strict,
      dates: this.dates,
      impl: this.#run as ToolFunction,
    });
  }

  /**
   * The problems with `args` for this tool (input limits, then the schema); empty when valid.
   * `limits` default to 1 MiB and 64 levels, as in `execute`.
   */
  validate(args: unknown, limits: Partial<InputLimits> = {}): ArgumentIssue[] {
    const prepared = prepareArguments(this, args, limits);
    return prepared.ok ? [] : prepared.issues;
  }

  /**
   * The problems with `value` as this tool's result, against `returns` (an MCP client checks an
   * object result against the `outputSchema` made from it); empty when it matches or the tool
   * declares no `returns`. A `returns` schema that does not compile is one problem, not a throw.
   */
  validateReturn(value: unknown): ArgumentIssue[] {
    return this.returns === undefined ? [] : returnIssues(this.returns, value);
  }

  /** Runs one call and reports how it went. Never rejects. */
  async execute(args: unknown, options: ToolExecuteOptions): Promise<ToolOutcome> {
    return this.#outcomeNow(args, options);
  }

  /** Runs one call and gives what the model would read (`{ output, isError }`). Never rejects. */
  async call(args: unknown, options?: ToolCallOptions): Promise<ToolResult> {
    return (await this.execute(args, withCallId(options))).result;
  }

  // What execute settles with, without a promise when the function returned a plain value.
  #outcomeNow(args: unknown, options: ToolExecuteOptions): ToolOutcome | Promise<ToolOutcome> {
    const ran = this.#runNow(args, options);
    return ran instanceof Promise ? ran.then((settled) => this.#outcome(settled)) : this.#outcome(ran);
  }

  #outcome(ran: Ran): ToolOutcome {
    if (ran.kind === "failed") {
      const outcome: ToolOutcome = {
        result: { output: errorOutput(ran.message), isError: true },
        failure: ran.failure,
        message: ran.message,
      };
      if (ran.failure === "thrown") outcome.error = ran.error;
      return outcome;
    }
    if (isToolError(ran.value))
      return { result: { output: errorOutput(ran.value.message), isError: true }, message: ran.value.message };
    const converted = convertResult(ran.value);
    if (converted.ok) return { result: { output: converted.output, isError: false } };
    const message = `Tool ${this.name} returned a value that cannot be sent as JSON: ${converted.message}.`;
    return { result: { output: errorOutput(message), isError: true }, failure: "conversion", message };
  }

  // Prepares the arguments (checked, copied, converted) and runs them.
  #runNow(args: unknown, options: ToolExecuteOptions): Ran | Promise<Ran> {
    const prepared = prepareArguments(this, args, options);
    if (!prepared.ok) {
      const error = new ToolArgumentError(this.name, prepared.message, prepared.issues);
      return { kind: "failed", failure: prepared.failure, message: prepared.message, error };
    }
    return this.#runPrepared(prepared.value, options);
  }

  #runPrepared(value: JSONObject | string, options: ToolExecuteOptions): Ran | Promise<Ran> {
    const run = this.#run;
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const outcome = runWithDeadline(
      (signalOf) =>
        run(
          value,
          new RunningCallContext(
            options.callId,
            signalOf,
            options.context,
            options.toolContext,
            typeof value === "string" ? undefined : value,
          ),
        ),
      { signal: options.signal, timeoutMs },
    );
    return outcome instanceof Promise
      ? outcome.then((settled) => this.#ran(settled, timeoutMs))
      : this.#ran(outcome, timeoutMs);
  }

  #ran(outcome: DeadlineOutcome, timeoutMs: number | undefined): Ran {
    switch (outcome.kind) {
      case "returned":
        return outcome;
      case "thrown":
        return { kind: "failed", failure: "thrown", message: thrownMessage(outcome.error), error: outcome.error };
      case "timeout": {
        const error = new ToolTimeoutError(this.name, timeoutMs ?? 0);
        return { kind: "failed", failure: "timeout", message: error.message, error };
      }
      case "aborted": {
        const error = new AbortedError(`Tool ${this.name} was cancelled.`, { cause: outcome.reason });
        return { kind: "failed", failure: "aborted", message: error.message, error };
      }
    }
  }
}

function withCallId(options: ToolCallOptions | undefined): ToolExecuteOptions {
  return { ...options, callId: options?.callId ?? newCallId() };
}
