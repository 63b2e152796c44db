import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import { asObject, setOwn, type JSONObject, type JSONValue } from "../../json.js";
import { errorMessageOf, excerptOf } from "../http/errors.js";
import { nonEmptyString } from "../tool-calls.js";
import { contentPieces } from "./content-parts.js";
import { eventJSON, type SSEMessage } from "../http/sse-reader.js";
import { RepeatedChunkParser, type StringSlot } from "../http/repeated-chunks.js";
import { toolCallDelta, type StreamEvent } from "../stream-event.js";

interface CallState {
  key: number;
  id?: string;
  type?: string;
  name?: string;
  args: string;
  argsObject?: JSONValue;
  input: string;
  extra?: JSONObject;
}

interface ChoiceState {
  index: number;
  content: string;
  refusal: string;
  reasoning: string;
  /** The key the reasoning came under (`reasoning_content` or `reasoning`), kept to send it back so. */
  reasoningKey?: string;
  /** Reasoning from thinking parts of `content` (not sent back: it was part of the content). */
  partReasoning: string;
  reasoningDetails: JSONObject[];
  extraContent?: JSONObject;
  finishReason: string | null;
  calls: Map<number, CallState>;
  current?: CallState;
  maxKey: number;
}

const knownDeltaKeys = new Set(["index", "id", "type", "function", "custom"]);
const headerKeys = ["id", "model", "created", "system_fingerprint"] as const;
const reasoningKeys = ["reasoning_content", "reasoning"] as const;

/**
 * Assembles an OpenAI-compatible SSE stream into the chat completion it stands for (docs/wire-format.md,
 * "Streams"): per choice index, then per tool call index (keys, not positions); id, name and type
 * from their first non-empty value; arguments concatenated and parsed only at the end by the
 * reply parser. Text and tool-call deltas are reported through `onEvent` as they arrive.
 */
export class OpenAIStreamAssembler {
  private readonly choices = new Map<number, ChoiceState>();
  private primary: number | undefined;
  private done = false;
  private usage: JSONValue | undefined;
  private header: JSONObject = {};
  /** Reuses the previous chunk's parse when only the one delta string changed (the chunk objects are read, never kept). */
  private readonly chunks = new RepeatedChunkParser(deltaSlot);
  private readonly parseChunk = (text: string): unknown => this.chunks.parse(text);

  constructor(
    private readonly round: number,
    private readonly onEvent?: (event: StreamEvent) => void,
  ) {}

  /** Handles one SSE message (a chunk, `[DONE]`, or an error event). */
  push(message: SSEMessage): void {
    if (this.done) return;
    const data = message.data;
    // A chunk starts with "{": only other data is trimmed and compared (once per stream, not per
    // delta). This and the for…in below: 7–9% of a reply's CPU, bench `stream` (replayed, A/B in
    // one run on the loaded machine, 6 passes).
    if (data.charCodeAt(0) !== 0x7b) {
      const trimmed = data.trim();
      if (trimmed === "[DONE]") {
        this.done = true;
        return;
      }
      if (trimmed === "") return;
    }
    const c = asObject(eventJSON(message, this.parseChunk));
    // An `error` object is an error even beside `choices` (OpenRouter reports mid-stream failures so).
    if (message.event === "error" || (c && c.error !== undefined && c.error !== null)) {
      throw new EndpointError(`The server reported an error mid-stream: ${errorMessageOf(c) ?? excerptOf(data, 120)}`, {
        retryable: false,
      });
    }
    if (!c) throw new ProtocolError(`The stream sent an event that is not a chunk object: ${excerptOf(data, 120)}`);
    for (const key of headerKeys) if (this.header[key] === undefined && c[key] !== undefined) this.header[key] = c[key];
    if (asObject(c.usage)) this.usage = c.usage;
    if (!Array.isArray(c.choices)) return;
    for (const entry of c.choices) {
      const choice = asObject(entry);
      if (choice) this.pushChoice(choice);
    }
  }

  private choiceState(index: number): ChoiceState {
    let state = this.choices.get(index);
    if (!state) {
      state = {
        index,
        content: "",
        refusal: "",
        reasoning: "",
        partReasoning: "",
        reasoningDetails: [],
        finishReason: null,
        calls: new Map(),
        maxKey: -1,
      };
      this.choices.set(index, state);
      this.primary ??= index;
    }
    return state;
  }

  private pushChoice(wire: JSONObject): void {
    const state = this.choiceState(typeof wire.index === "number" ? wire.index : 0);
    const delta = asObject(wire.delta) ?? asObject(wire.message) ?? {};
    // `content` is a string, or (with reasoning on, some servers) an array of text and thinking parts.
    if (delta.content !== undefined && delta.content !== null) {
      const pieces = contentPieces(delta.content);
      if (pieces.text !== "") {
        state.content += pieces.text;
        if (state.index === this.primary) this.onEvent?.({ type: "text-delta", round: this.round, text: pieces.text });
      }
      state.partReasoning += pieces.reasoning;
    }
    if (typeof delta.refusal === "string") state.refusal += delta.refusal;
    for (const key of reasoningKeys) {
      if (typeof delta[key] !== "string" || delta[key] === "") continue;
      state.reasoning += delta[key];
      state.reasoningKey ??= key;
    }
    if (Array.isArray(delta.reasoning_details)) addReasoningDetails(state.reasoningDetails, delta.reasoning_details);
    const extra = asObject(delta.extra_content);
    if (extra !== undefined) state.extraContent = { ...state.extraContent, ...extra };
    if (Array.isArray(delta.tool_calls)) {
      for (const entry of delta.tool_calls) {
        const call = asObject(entry);
        if (call) this.pushCall(state, call);
      }
    }
    if (typeof wire.finish_reason === "string" && wire.finish_reason !== "") state.finishReason = wire.finish_reason;
  }

  private callFor(state: ChoiceState, delta: JSONObject, fn: JSONObject | undefined): CallState {
    const id = nonEmptyString(delta.id) ?? nonEmptyString(fn?.id);
    let key: number;
    if (typeof delta.index === "number") key = delta.index;
    else if (state.current && (id === undefined || state.current.id === undefined || id === state.current.id))
      key = state.current.key;
    else key = state.maxKey + 1; // Gemini: each parallel call whole, without index
    let call = state.calls.get(key);
    if (!call) {
      call = { key, args: "", input: "" };
      state.calls.set(key, call);
      state.maxKey = Math.max(state.maxKey, key);
    }
    state.current = call;
    return call;
  }

  private pushCall(state: ChoiceState, delta: JSONObject): void {
    const fn = asObject(delta.function);
    const call = this.callFor(state, delta, fn);
    const custom = asObject(delta.custom);
    call.id ??= nonEmptyString(delta.id) ?? nonEmptyString(fn?.id);
    call.type ??= nonEmptyString(delta.type);
    call.name ??= nonEmptyString(fn?.name) ?? nonEmptyString(custom?.name);
    let argumentsDelta = "";
    if (typeof fn?.arguments === "string") {
      call.args += fn.arguments;
      argumentsDelta = fn.arguments;
    } else if (fn?.arguments !== undefined && fn.arguments !== null) {
      call.argsObject = fn.arguments; // sent whole as an object (TGI, Ollama)
    }
    if (typeof custom?.input === "string") {
      call.type ??= "custom";
      call.input += custom.input;
      argumentsDelta = custom.input;
    }
    // for…in: no array of keys per delta (a parsed chunk has no inherited enumerable keys).
    for (const key in delta) {
      if (knownDeltaKeys.has(key) || (call.extra && key in call.extra)) continue;
      call.extra ??= {};
      setOwn(call.extra, key, delta[key]);
    }
    if (state.index === this.primary)
      this.onEvent?.(toolCallDelta(this.round, call.key, argumentsDelta, call.id, call.name));
  }

  /** Whether the stream said it was complete: `[DONE]`, or a `finish_reason` on some choice. */
  get complete(): boolean {
    return this.done || [...this.choices.values()].some((c) => c.finishReason !== null);
  }

  /**
   * The assembled chat completion (the shape of a non-streamed reply). Throws `ProtocolError`
   * when the stream ended before any `finish_reason` and without `[DONE]`: it was cut.
   */
  finish(): JSONObject {
    if (!this.complete) {
      throw new ProtocolError(
        "The stream ended before the reply was complete (no finish_reason and no [DONE]): the connection was cut. Nothing was added to the conversation; send the request again.",
      );
    }
    const choices = [...this.choices.values()].sort((a, b) => a.index - b.index).map((c) => this.assembleChoice(c));
    const body: JSONObject = { ...this.header, object: "chat.completion", choices };
    if (this.usage !== undefined) body.usage = this.usage;
    return body;
  }

  private assembleChoice(state: ChoiceState): JSONObject {
    const text = state.content === "" ? null : state.content;
    // Thinking parts go back into the assembled content as parts, as a non-streamed reply has them.
    const content: JSONValue =
      state.partReasoning === ""
        ? text
        : [{ type: "thinking", thinking: state.partReasoning }, ...(text === null ? [] : [{ type: "text", text }])];
    const message: JSONObject = { role: "assistant", content };
    if (state.refusal !== "") message.refusal = state.refusal;
    if (state.reasoning !== "") message[state.reasoningKey ?? "reasoning_content"] = state.reasoning;
    if (state.reasoningDetails.length > 0) message.reasoning_details = state.reasoningDetails;
    if (state.extraContent !== undefined) message.extra_content = state.extraContent;
    const calls = [...state.calls.values()].sort((a, b) => a.key - b.key);
    if (calls.length > 0) message.tool_calls = calls.map(assembleCall);
    return { index: state.index, message, finish_reason: state.finishReason };
  }
}

/**
 * The string one chunk of a single-choice stream is expected to differ from the previous one in:
 * the arguments of its one tool call delta, or else its text. Neither object holding it (the
 * call's `function`, the choice's `delta`) is kept by the assembler, so it may be reused.
 */
function deltaSlot(chunk: unknown): StringSlot | undefined {
  const choices = asObject(chunk)?.choices;
  if (!Array.isArray(choices) || choices.length !== 1) return undefined;
  const delta = asObject(asObject(choices[0])?.delta);
  if (delta === undefined) return undefined;
  const calls = delta.tool_calls;
  if (Array.isArray(calls)) {
    const fn = calls.length === 1 ? asObject(asObject(calls[0])?.function) : undefined;
    return fn !== undefined && typeof fn.arguments === "string" ? { parent: fn, key: "arguments" } : undefined;
  }
  return typeof delta.content === "string" ? { parent: delta, key: "content" } : undefined;
}

function assembleCall(call: CallState): JSONObject {
  const wire: JSONObject = { ...call.extra };
  if (call.id !== undefined) wire.id = call.id;
  if (call.type === "custom") {
    wire.type = "custom";
    wire.custom = { name: call.name ?? "", input: call.input };
  } else {
    wire.type = call.type ?? "function";
    wire.function = { name: call.name ?? "", arguments: call.argsObject ?? call.args };
  }
  return wire;
}

/**
 * Adds streamed `reasoning_details` entries: a fragment continuing the last entry (same `index`
 * and `type`) has its text joined to it and its other fields (a signature) set on it.
 */
function addReasoningDetails(details: JSONObject[], fragments: readonly JSONValue[]): void {
  for (const fragment of fragments) {
    const entry = asObject(fragment);
    if (entry === undefined) continue;
    const last = details[details.length - 1];
    if (last === undefined || entry.index === undefined || last.index !== entry.index || last.type !== entry.type) {
      details.push({ ...entry });
      continue;
    }
    for (const [key, value] of Object.entries(entry)) {
      const before = last[key];
      if (
        (key === "text" || key === "summary" || key === "data") &&
        typeof before === "string" &&
        typeof value === "string"
      )
        last[key] = before + value;
      else if (value !== null && value !== undefined) setOwn(last, key, value);
    }
  }
}
