import { ProtocolError } from "../../errors/protocol-error.js";
import { asObject, setOwn, type JSONObject, type JSONValue } from "../../json.js";
import { anthropicErrorOf } from "./reply.js";
import { excerptOf } from "../http/errors.js";
import { nonEmptyString } from "../tool-calls.js";
import { eventJSON, type SSEMessage } from "../http/sse-reader.js";
import { toolCallDelta, type StreamEvent } from "../stream-event.js";

interface BlockState {
  /** The block as `content_block_start` gave it. */
  start: JSONObject;
  /** Text, thinking and signature as streamed so far (starting from the start block's own). */
  text: string;
  thinking: string;
  signature: string;
  /** The `input_json_delta` fragments joined; undefined until the first arrives. */
  json: string | undefined;
}

const str = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * Assembles an Anthropic Messages stream into the message it stands for (docs/wire-format.md, "Anthropic blocks"):
 * blocks keyed by their `index`; `text_delta`, `thinking_delta` and `signature_delta` appended;
 * `input_json_delta` fragments joined as text and parsed only by the reply parser (a fragment may
 * end inside a string escape; a tool without input streams one empty fragment, which is `{}`);
 * `ping` and unknown events ignored; an `error` event throws `EndpointError`. Text and tool-call
 * deltas are reported through `onEvent` as they arrive (`index`: the content block's index).
 */
export class AnthropicStreamAssembler {
  readonly #round: number;
  readonly #onEvent: ((event: StreamEvent) => void) | undefined;
  readonly #blocks = new Map<number, BlockState>();
  #message: JSONObject = {};
  #usage: JSONObject = {};
  #stopReason: JSONValue | undefined;
  #stopSequence: JSONValue = null;
  #stopped = false;

  constructor(round: number, onEvent?: (event: StreamEvent) => void) {
    this.#round = round;
    this.#onEvent = onEvent;
  }

  /** Handles one SSE message. */
  push(message: SSEMessage): void {
    if (this.#stopped || message.data.trim() === "") return;
    const data = eventJSON(message);
    if (data === undefined) throw anthropicErrorOf({ error: { message: excerptOf(message.data, 200) } }, "mid-stream");
    const event = asObject(data);
    if (!event)
      throw new ProtocolError(`The stream sent an event that is not an object: ${excerptOf(message.data, 120)}`);
    const type = typeof event.type === "string" ? event.type : message.event;
    switch (type) {
      case "error":
        throw anthropicErrorOf(event, "mid-stream");
      case "message_start":
        this.#start(asObject(event.message) ?? {});
        break;
      case "content_block_start":
        this.#blockStart(event);
        break;
      case "content_block_delta":
        this.#blockDelta(event);
        break;
      case "message_delta": {
        const delta = asObject(event.delta) ?? {};
        if (delta.stop_reason !== undefined) this.#stopReason = delta.stop_reason;
        if (delta.stop_sequence !== undefined) this.#stopSequence = delta.stop_sequence;
        this.#addUsage(event.usage);
        break;
      }
      case "message_stop":
        this.#stopped = true;
        break;
      default:
        break; // ping, content_block_stop, and event types added later: nothing to assemble
    }
  }

  #start(message: JSONObject): void {
    const { content: _content, usage, ...rest } = message;
    this.#message = rest;
    this.#addUsage(usage);
  }

  #addUsage(usage: JSONValue | undefined): void {
    // Counts in message_delta are cumulative: a later value replaces an earlier one.
    const u = asObject(usage);
    if (u) for (const key of Object.keys(u)) if (u[key] !== null) setOwn(this.#usage, key, u[key]);
  }

  #indexOf(event: JSONObject): number {
    if (typeof event.index === "number" && Number.isInteger(event.index)) return event.index;
    throw new ProtocolError(`The stream sent a ${String(event.type)} event without a block index.`);
  }

  #blockStart(event: JSONObject): void {
    const index = this.#indexOf(event);
    const start = asObject(event.content_block) ?? {};
    const state: BlockState = {
      start,
      text: str(start.text),
      thinking: str(start.thinking),
      signature: str(start.signature),
      json: undefined,
    };
    this.#blocks.set(index, state);
    if (start.type === "text" && state.text !== "")
      this.#onEvent?.({ type: "text-delta", round: this.#round, text: state.text });
    if (start.type === "tool_use") this.#toolDelta(index, state, "");
  }

  #blockDelta(event: JSONObject): void {
    const index = this.#indexOf(event);
    const delta = asObject(event.delta) ?? {};
    let state = this.#blocks.get(index);
    if (state === undefined) {
      // A delta without its start: infer the block's kind from the delta.
      const kind = delta.type === "input_json_delta" ? "tool_use" : delta.type === "text_delta" ? "text" : "thinking";
      state = { start: { type: kind }, text: "", thinking: "", signature: "", json: undefined };
      this.#blocks.set(index, state);
    }
    switch (delta.type) {
      case "text_delta":
        state.text += str(delta.text);
        if (str(delta.text) !== "") this.#onEvent?.({ type: "text-delta", round: this.#round, text: str(delta.text) });
        break;
      case "input_json_delta":
        state.json = (state.json ?? "") + str(delta.partial_json);
        this.#toolDelta(index, state, str(delta.partial_json));
        break;
      case "thinking_delta":
        state.thinking += str(delta.thinking);
        break;
      case "signature_delta":
        state.signature += str(delta.signature);
        break;
      default:
        break; // citations and later delta kinds carry nothing tooltype keeps
    }
  }

  #toolDelta(index: number, state: BlockState, argumentsDelta: string): void {
    this.#onEvent?.(
      toolCallDelta(
        this.#round,
        index,
        argumentsDelta,
        nonEmptyString(state.start.id),
        nonEmptyString(state.start.name),
      ),
    );
  }

  /** Whether the stream said it was complete: `message_stop`, or a `message_delta` with a stop reason. */
  get complete(): boolean {
    return this.#stopped || typeof this.#stopReason === "string";
  }

  /**
   * The assembled message (the shape of a non-streamed reply; a tool's `input` is its JSON text
   * when fragments arrived). Throws `ProtocolError` when the stream ended before it said it was
   * complete: it was cut.
   */
  finish(): JSONObject {
    if (!this.complete) {
      throw new ProtocolError(
        "The stream ended before the reply was complete (no stop_reason and no message_stop): the connection was cut. Nothing was added to the conversation; send the request again.",
      );
    }
    const content = [...this.#blocks.entries()].sort(([a], [b]) => a - b).map(([, state]) => assembleBlock(state));
    return {
      ...this.#message,
      type: "message",
      role: "assistant",
      content,
      stop_reason: this.#stopReason ?? null,
      stop_sequence: this.#stopSequence,
      usage: this.#usage,
    };
  }
}

function assembleBlock(state: BlockState): JSONObject {
  const block: JSONObject = { ...state.start };
  switch (block.type) {
    case "text":
      block.text = state.text;
      break;
    case "thinking":
      block.thinking = state.thinking;
      block.signature = state.signature;
      break;
    case "tool_use":
      if (state.json !== undefined) block.input = state.json;
      break;
  }
  return block;
}
