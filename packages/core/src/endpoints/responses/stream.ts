import { ProtocolError } from "../../errors/protocol-error.js";
import { asObject, type JSONObject, type JSONValue } from "../../json.js";
import { excerptOf } from "../http/errors.js";
import { eventJSON, type SSEMessage } from "../http/sse-reader.js";
import { toolCallDelta, type StreamEvent } from "../stream-event.js";
import { nonEmptyString } from "../tool-calls.js";
import { readItemTypes } from "./output-items.js";
import { responsesErrorOf } from "./response-errors.js";
import { deltaItemType, StreamItems, type StreamItem } from "./stream-items.js";

const str = (value: unknown): string => (typeof value === "string" ? value : "");
const indexOf = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** The fields of the response object a stream's first and last events carry, besides its output. */
const headerKeys = ["id", "object", "created_at", "model"] as const;

/**
 * Assembles a Responses API stream into the response it stands for (docs/wire-format.md,
 * "Responses"): each event's type from its data (else from its `event:` line); output items keyed
 * by `output_index` (StreamItems: ids and order when a server sends no index); text, refusal,
 * reasoning and argument deltas joined per item and part; an item's `.done` events and
 * `output_item.done` taken as its final form; `sequence_number`, `obfuscation`, keep-alives and
 * event types not known are ignored. The stream is complete at `response.completed` or
 * `response.incomplete` (whose response, when its `output` is not empty, is the final word), or
 * at `data: [DONE]`; `response.failed` and `error` events throw `EndpointError`. Text deltas, call
 * deltas (`index`: the item's key) and server items are reported through `onEvent` as they arrive.
 */
export class ResponsesStreamAssembler {
  readonly #round: number;
  readonly #onEvent: ((event: StreamEvent) => void) | undefined;
  readonly #items = new StreamItems();
  readonly #header: JSONObject = {};
  #terminal: JSONObject | undefined;
  #done = false;
  readonly #reportedServerItems = new Set<string>();
  #reportedWithoutId = 0;

  constructor(round: number, onEvent?: (event: StreamEvent) => void) {
    this.#round = round;
    this.#onEvent = onEvent;
  }

  /** Handles one SSE message. */
  push(message: SSEMessage): void {
    if (this.#terminal !== undefined || this.#done) return;
    const data = message.data;
    if (data.charCodeAt(0) !== 0x7b) {
      const trimmed = data.trim();
      if (trimmed === "[DONE]") this.#done = true;
      if (trimmed === "[DONE]" || trimmed === "") return;
    }
    const parsed = eventJSON(message);
    if (parsed === undefined) throw responsesErrorOf({ message: excerptOf(data, 200) }, "mid-stream");
    const event = asObject(parsed);
    if (event === undefined)
      throw new ProtocolError(`The stream sent an event that is not an object: ${excerptOf(data, 120)}`);
    const type = typeof event.type === "string" ? event.type : (message.event ?? "");
    this.#handle(type, event);
  }

  #handle(type: string, event: JSONObject): void {
    switch (type) {
      case "error":
        throw responsesErrorOf(event, "mid-stream");
      case "response.failed":
        throw responsesErrorOf(asObject(event.response) ?? event, "mid-stream (response.failed)");
      case "response.created":
      case "response.in_progress":
      case "response.queued":
        this.#readHeader(asObject(event.response));
        return;
      case "response.completed":
      case "response.incomplete":
        this.#finishWith(type, asObject(event.response) ?? {});
        return;
      case "response.output_item.added":
      case "response.output_item.done":
        this.#outputItem(type === "response.output_item.done", event);
        return;
      default:
        this.#part(type, event);
    }
  }

  #readHeader(response: JSONObject | undefined): void {
    for (const key of headerKeys)
      if (this.#header[key] === undefined && response?.[key] !== undefined) this.#header[key] = response[key]!;
  }

  #finishWith(type: string, response: JSONObject): void {
    this.#readHeader(response);
    this.#terminal = { ...response };
    if (typeof response.status !== "string")
      this.#terminal.status = type === "response.incomplete" ? "incomplete" : "completed";
  }

  #outputItem(done: boolean, event: JSONObject): void {
    const item = asObject(event.item);
    const kind = typeof item?.type === "string" ? item.type : "";
    const state = this.#items.find(event, item, kind, done ? "first" : "new");
    // The done item is the final word; an added one replaces what deltas before it made up.
    if (item !== undefined && (done || !state.done)) state.item = { ...item };
    if (done) state.done = true;
    if (state.type === "function_call" || state.type === "custom_tool_call")
      this.#callDelta(state, state.argumentsText());
    else if (state.type === "message" && done) this.#textDelta(state, state.messageText());
    else if (done && !readItemTypes.has(state.type)) this.#serverItem(state.item);
  }

  /** A delta or `.done` event of one part of an item. */
  #part(type: string, event: JSONObject): void {
    const kind = deltaItemType[type];
    if (kind === undefined) return; // keep-alives, annotations, server tools' progress, types added later
    const delta = type.endsWith(".delta");
    const state = this.#items.find(event, undefined, kind, "last");
    const content = indexOf(event.content_index);
    switch (type) {
      case "response.output_text.delta":
        state.text.set(content, (state.text.get(content) ?? "") + str(event.delta));
        this.#textDelta(state, state.messageText());
        return;
      case "response.output_text.done":
        state.text.set(content, str(event.text));
        this.#textDelta(state, state.messageText());
        return;
      case "response.refusal.delta":
      case "response.refusal.done":
        state.refusal.set(
          content,
          (delta ? (state.refusal.get(content) ?? "") : "") + str(event.delta ?? event.refusal),
        );
        return;
      case "response.content_part.done":
        this.#contentPart(state, content, asObject(event.part));
        return;
      case "response.function_call_arguments.delta":
      case "response.custom_tool_call_input.delta":
        state.args += str(event.delta);
        this.#callDelta(state, state.argumentsText());
        return;
      case "response.function_call_arguments.done":
      case "response.custom_tool_call_input.done":
        state.argsDone = str(event.arguments ?? event.input);
        this.#callDelta(state, state.argumentsText());
        return;
      case "response.reasoning_summary_text.delta":
      case "response.reasoning_summary_text.done": {
        const at = indexOf(event.summary_index);
        state.summary.set(at, (delta ? (state.summary.get(at) ?? "") : "") + str(event.delta ?? event.text));
        return;
      }
      case "response.reasoning_text.delta":
      case "response.reasoning_text.done":
        state.reasoning.set(
          content,
          (delta ? (state.reasoning.get(content) ?? "") : "") + str(event.delta ?? event.text),
        );
        return;
    }
  }

  #contentPart(state: StreamItem, index: number, part: JSONObject | undefined): void {
    if (part?.type === "output_text" && typeof part.text === "string") {
      state.text.set(index, part.text);
      this.#textDelta(state, state.messageText());
    } else if (part?.type === "refusal" && typeof part.refusal === "string") state.refusal.set(index, part.refusal);
  }

  /** Reports the text of `state` not reported yet (nothing when what is known no longer extends it). */
  #textDelta(state: StreamItem, text: string): void {
    if (text.length <= state.reportedText.length || !text.startsWith(state.reportedText)) return;
    const piece = text.slice(state.reportedText.length);
    state.reportedText = text;
    this.#onEvent?.({ type: "text-delta", round: this.#round, text: piece });
  }

  /** Announces a call once (its id and name), then reports the arguments not reported yet. */
  #callDelta(state: StreamItem, args: JSONValue): void {
    const text = typeof args === "string" ? args : "";
    const first = !state.announced;
    const extends_ = text.length > state.reportedArgs.length && text.startsWith(state.reportedArgs);
    if (!first && !extends_) return;
    const piece = extends_ ? text.slice(state.reportedArgs.length) : "";
    if (extends_) state.reportedArgs = text;
    state.announced = true;
    const id = nonEmptyString(state.item.call_id);
    const name = nonEmptyString(state.item.name);
    this.#onEvent?.(toolCallDelta(this.#round, state.key, piece, id, name));
  }

  #serverItem(item: JSONObject): void {
    const id = nonEmptyString(item.id);
    if (id !== undefined) this.#reportedServerItems.add(id);
    else this.#reportedWithoutId++;
    this.#onEvent?.({ type: "server-item", round: this.#round, item });
  }

  /** Whether the stream said it was complete: `response.completed`, `response.incomplete`, or `[DONE]`. */
  get complete(): boolean {
    return this.#terminal !== undefined || this.#done;
  }

  /**
   * The assembled response (the shape of a non-streamed reply). Throws `ProtocolError` when the
   * stream ended before it said it was complete: it was cut.
   */
  finish(): JSONObject {
    if (!this.complete) {
      throw new ProtocolError(
        "The stream ended before the response was complete (no response.completed, response.incomplete or [DONE]): the connection was cut. Nothing was added to the conversation; send the request again.",
      );
    }
    const assembled = this.#items.ordered().map((state) => state.final());
    const terminal = this.#terminal ?? { status: "completed" };
    const given = terminal.output;
    const output = Array.isArray(given) && given.length > 0 ? given : assembled;
    if (output !== assembled) this.#reportMissedServerItems(output);
    return { ...this.#header, ...terminal, output };
  }

  /** Reports the server items of a final output that no `output_item.done` reported. */
  #reportMissedServerItems(output: readonly JSONValue[]): void {
    let withoutId = this.#reportedWithoutId; // items without an id, reported in order
    for (const value of output) {
      const item = asObject(value);
      const type = typeof item?.type === "string" ? item.type : "";
      if (item === undefined || type === "" || readItemTypes.has(type)) continue;
      const id = nonEmptyString(item.id);
      if (id !== undefined ? this.#reportedServerItems.has(id) : withoutId-- > 0) continue;
      this.#serverItem(item);
    }
  }
}
