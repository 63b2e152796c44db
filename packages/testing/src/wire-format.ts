// The seam between the provider-neutral script and one provider's wire format. The server
// routes each request to the format that claims its path; adding a provider is one file
// that implements WireFormat, plus listing it in the server's formats.
import type { RecordedRequest } from "./recorder.js";
import type { ScriptedObject, ScriptedToolCall, ScriptedTurn, ScriptedUsage } from "./turn.js";

/**
 * One SSE event: an `event:` name (optional) and a `data:` payload (a string payload is written
 * as is, anything else as JSON). A bare string is a raw piece of the stream (see `frameEvent`).
 */
export type SseEvent = { readonly event?: string; readonly data: unknown } | string;

/** What a renderer knows about the request it answers. */
export interface RenderContext {
  /** The request being answered. */
  readonly request: RecordedRequest;
  /** A number unique to this reply within the server, for ids. */
  readonly replyNumber: number;
  /** The model name to report. */
  readonly model: string;
  /** Unix seconds for `created` fields. */
  readonly created: number;
}

/** A provider's wire format: its route, reply shapes, stream events and error shape. */
export interface WireFormat {
  /** Short name, e.g. `"openai"`. */
  readonly name: string;
  /** The path it answers (POST), e.g. `"/v1/chat/completions"`; with `matches`, how messages name its paths. */
  readonly path: string;
  /** Whether it answers `path`, for a format whose paths vary (the model in the path); default: equal to `path`. */
  matches?(path: string): boolean;
  /** Whether a request to `path` asks for a stream; default: the body's `"stream": true`. */
  streams?(path: string): boolean;
  /** The model a request to `path` names, for a format that puts it in the path; default: the body's `model`. */
  modelOf?(path: string): string | undefined;
  /** The reply as a JSON body. */
  renderJson(turn: ScriptedTurn, context: RenderContext): unknown;
  /** The reply as SSE events, without the terminator. */
  renderEvents(turn: ScriptedTurn, context: RenderContext): SseEvent[];
  /** How an explicit `chunks` object is sent; default `{ data: chunk }`. */
  chunkEvent?(chunk: ScriptedObject): SseEvent;
  /** The event that ends a complete stream (OpenAI's `[DONE]`), if the format has one. */
  readonly doneEvent?: SseEvent;
  /** The body of an error reply in this format. */
  errorBody(status: number, message: string, type: string): unknown;
}

/** Splits text into about `parts` pieces (or pieces of `size` characters), never inside a character. */
export function splitText(text: string, size?: number, parts = 4): string[] {
  const chars = Array.from(text);
  if (chars.length === 0) return [];
  const step = size ?? Math.max(1, Math.ceil(chars.length / parts));
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += step) pieces.push(chars.slice(i, i + step).join(""));
  return pieces;
}

/** Rough token counts, so a reply without scripted usage still reports plausible numbers. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** The turn's usage, or estimates from the request and reply sizes; `null` when the turn says none. */
export function usageOf(turn: ScriptedTurn, context: RenderContext): ScriptedUsage | null {
  if (turn.usage !== undefined) return turn.usage;
  let output = "";
  for (const choice of turn.choices ?? [turn]) {
    output += (choice.text ?? "") + (choice.refusal ?? "") + (choice.reasoning ?? "");
    for (const call of choice.toolCalls ?? [])
      output += call.name + (typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments));
  }
  const prompt = estimateTokens(context.request.rawBody);
  const completion = estimateTokens(output);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

/** The id a scripted call is sent with: its own, or a generated one unique within the server. */
export function callIdOf(
  call: ScriptedToolCall,
  prefix: string,
  context: RenderContext,
  position: number,
): string | null | undefined {
  if (call.id === false) return undefined;
  return call.id === undefined ? `${prefix}${context.replyNumber}_${position}` : call.id;
}
