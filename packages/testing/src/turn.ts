// The script's vocabulary: one ScriptedTurn answers one request. It says what the model
// "replies" (provider-neutral: a wire format renders it) and how the server misbehaves.
import type { RecordedRequest } from "./recorder.js";

/** A JSON-like object: what `extra` fields and object arguments are made of. */
export type ScriptedObject = { readonly [key: string]: unknown };

/** One tool call the scripted model makes. */
export interface ScriptedToolCall {
  /**
   * The call's id. Omitted (`undefined`): a generated `call_…` id. `null` and `""` are sent
   * as they are (servers that send no usable id); `false` leaves the `id` key out entirely.
   */
  id?: string | null | false;
  /** The function's name. */
  name: string;
  /**
   * A string is sent verbatim (it may be invalid, truncated or double-encoded JSON); an object
   * is sent as a JSON object, not a string (the Ollama/TGI quirk).
   */
  arguments: string | ScriptedObject;
  /** The stream index (and, when given, the `index` key of a non-streamed call). Default: position + `quirks.indexBase`. */
  index?: number;
  /** The call's `type`. Default `"function"`; `null` leaves the key out. */
  type?: "function" | null;
  /** Fields merged into the call object, e.g. Gemini's `extra_content`. */
  extra?: ScriptedObject;
}

/** Token counts, OpenAI's shape. */
export interface ScriptedUsage {
  /** Tokens the model read. */
  prompt_tokens: number;
  /** Tokens the model wrote. */
  completion_tokens: number;
  /** Both together. */
  total_tokens: number;
}

/** What one choice of the reply says. */
export interface ScriptedChoice {
  /** Visible text. Absent or `null`: `content: null`. */
  text?: string | null;
  /** Tool calls the model makes. */
  toolCalls?: readonly ScriptedToolCall[];
  /** Default `"tool_calls"` when there are calls, else `"stop"`. `null` sends no finish reason. */
  finishReason?: string | null;
  /** A refusal message (OpenAI's `refusal`). */
  refusal?: string;
  /** Reasoning text, sent as `reasoning_content` (never part of the visible text). */
  reasoning?: string;
  /** Fields merged into the message (JSON) or into the first delta (stream). */
  extra?: ScriptedObject;
}

/** Stream quirks seen in real servers (docs/wire-format.md, "Stream assembly"). */
export interface StreamQuirks {
  /** Tool call deltas carry no `index` key (Gemini). */
  noIndex?: boolean;
  /** First tool call index (default 0); e.g. 1 for servers that count from one. */
  indexBase?: number;
  /** Every argument fragment repeats the call's id, type and name (vLLM, SGLang, old llama.cpp). */
  repeatIdAndName?: boolean;
  /** Argument fragments after the first carry `name: ""`. */
  emptyNameLater?: boolean;
  /** The last argument fragment shares its chunk with `finish_reason`. */
  argsWithFinish?: boolean;
  /** A chunk with `choices: []` comes first (Azure's prompt-filter chunk). */
  leadingEmptyChoices?: boolean;
  /** Each tool call is sent whole, in one delta (Gemini, Ollama). */
  wholeCalls?: boolean;
  /** Text deltas carry `tool_calls: []`. */
  emptyToolCalls?: boolean;
  /** Usage rides on the finish chunk instead of a separate `choices: []` chunk, always. */
  usageOnFinish?: boolean;
}

/** One SSE event given explicitly: an object is sent as `data: <JSON>`; a string as written. */
export type ScriptedChunk = ScriptedObject | string;

/** How a turn misbehaves at the HTTP level. */
export interface ScriptedFaults {
  /** HTTP status. At 400 and above the reply is an error body instead of the reply content. */
  status?: number;
  /** Extra response headers (e.g. `retry-after`). */
  headers?: Readonly<Record<string, string>>;
  /** The error body (object → JSON, string → verbatim). Default: the wire format's error shape. */
  errorBody?: ScriptedObject | string;
  /** The message of the default error body. */
  errorMessage?: string;
  /** The `type` of the default error body (default from the status, e.g. `rate_limit_error`). */
  errorType?: string;
  /** Sent verbatim instead of any rendering (an HTML error page, truncated JSON). */
  rawBody?: string;
  /** Content type of `rawBody` or `errorBody` (default `application/json`). */
  contentType?: string;
  /** Wait this long before sending the headers. */
  delayMs?: number;
  /** Destroy the socket: before any response byte, or halfway through the body. */
  reset?: "before-response" | "mid-body";
  /** Send the headers (and, streaming, the first `cutAfter` events), then nothing until the client or server closes. */
  stall?: true;
}

/** How a streamed reply is delivered (used when the request body has `stream: true`). */
export interface ScriptedStreaming {
  /** Explicit events instead of the rendered ones. `data: [DONE]` still follows unless `omitDone`. */
  chunks?: readonly ScriptedChunk[];
  /** End the stream after this many events, with no `[DONE]` (a cut stream). */
  cutAfter?: number;
  /** Leave out the final `data: [DONE]`. */
  omitDone?: true;
  /** Wait this long between events (or between `splitBytes` pieces). */
  chunkDelayMs?: number;
  /** Frame events with CRLF instead of LF. */
  crlf?: true;
  /** Write the byte stream in pieces of this many bytes (splits lines, CRLFs and UTF-8 characters). */
  splitBytes?: number;
  /** Characters per text/argument delta (default: each is cut in about four deltas). */
  deltaSize?: number;
  /** Stream quirks of real servers. */
  quirks?: StreamQuirks;
}

/**
 * One scripted answer. Reply content sits at the top level for a single choice, or in
 * `choices` for several (n > 1); faults and streaming control apply to the whole answer.
 */
export interface ScriptedTurn extends ScriptedChoice, ScriptedFaults, ScriptedStreaming {
  /** Several choices (the n > 1 case); when present, the top-level reply fields must be absent. */
  choices?: readonly ScriptedChoice[];
  /** Token counts. Default: estimates from the sizes; `null` sends no usage. */
  usage?: ScriptedUsage | null;
  /** The reply's `model`. Default: the request's `model`, else `"scripted-model"`. */
  model?: string;
}

/** A turn decided when the request arrives, from what the client sent. */
export type ScriptedTurnFunction = (request: RecordedRequest) => ScriptedTurn | Promise<ScriptedTurn>;

/** What `enqueue` accepts: a fixed turn or a function of the request. */
export type ScriptedTurnSource = ScriptedTurn | ScriptedTurnFunction;

const replyKeys = ["text", "toolCalls", "finishReason", "refusal", "reasoning", "extra"] as const;

/** The choices of a turn, whichever way they were written. */
export function choicesOf(turn: ScriptedTurn): readonly ScriptedChoice[] {
  return turn.choices ?? [turn];
}

/** The finish reason a choice reports, with its default applied. */
export function finishReasonOf(choice: ScriptedChoice): string | null {
  if (choice.finishReason !== undefined) return choice.finishReason;
  return choice.toolCalls && choice.toolCalls.length > 0 ? "tool_calls" : "stop";
}

/**
 * Throws a TypeError naming the problem when a turn cannot be replayed, so a mistake in a
 * script shows at `enqueue`, not as a puzzling reply.
 */
export function validateTurn(turn: unknown, where: string): asserts turn is ScriptedTurn {
  const fail = (problem: string): never => {
    throw new TypeError(`ScriptedModelServer: ${where}: ${problem}`);
  };
  if (typeof turn !== "object" || turn === null || Array.isArray(turn))
    fail("a turn must be an object (or a function returning one)");
  const t = turn as ScriptedTurn;
  if (t.choices !== undefined) {
    if (!Array.isArray(t.choices) || t.choices.length === 0) fail("`choices` must be a non-empty array");
    const clash = replyKeys.filter((key) => t[key] !== undefined);
    if (clash.length > 0)
      fail(`give reply fields either at the top level or in \`choices\`, not both (found ${clash.join(", ")})`);
  }
  for (const choice of choicesOf(t)) {
    for (const call of choice.toolCalls ?? []) {
      if (typeof call?.name !== "string") fail("every tool call needs a string `name`");
      const args: unknown = call.arguments;
      if (typeof args !== "string" && (typeof args !== "object" || args === null))
        fail(`tool call "${call.name}": \`arguments\` must be a string or an object`);
    }
  }
  if (t.status !== undefined && (!Number.isInteger(t.status) || t.status < 200 || t.status > 599))
    fail(`\`status\` must be an integer from 200 to 599, got ${String(t.status)}`);
  for (const [name, value] of Object.entries(t.headers ?? {})) {
    if (typeof value !== "string") fail(`header "${name}" must be a string, got ${typeof value}`);
  }
  if (t.reset !== undefined && t.reset !== "before-response" && t.reset !== "mid-body")
    fail('`reset` must be "before-response" or "mid-body"');
  for (const key of ["delayMs", "chunkDelayMs", "cutAfter"] as const) {
    const value = t[key];
    if (value !== undefined && (typeof value !== "number" || !(value >= 0))) fail(`\`${key}\` must be a number ≥ 0`);
  }
  for (const key of ["splitBytes", "deltaSize"] as const) {
    const value = t[key];
    if (value !== undefined && (!Number.isInteger(value) || value < 1)) fail(`\`${key}\` must be an integer ≥ 1`);
  }
}
