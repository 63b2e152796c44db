import { ProtocolError } from "../../errors/protocol-error.js";
import { asObject, setOwn, type JSONObject, type JSONValue } from "../../json.js";
import { excerptOf } from "../http/errors.js";
import { eventJSON, type SSEMessage } from "../http/sse-reader.js";
import { toolCallDelta, type StreamEvent } from "../stream-event.js";
import { nonEmptyString } from "../tool-calls.js";
import { isTextPart } from "./model-parts.js";
import { PartialArgs } from "./partial-args.js";
import { geminiErrorOf } from "./reply.js";

/** A call whose arguments are still arriving in `partialArgs` pieces. */
interface OpenCall {
  name: string;
  id: string | undefined;
  signature: string | undefined;
  args: PartialArgs;
  /** Its position among the candidate's calls (the events' `index`). */
  index: number;
}

interface CandidateState {
  /** The candidate's fields as last sent (finish reason, safety ratings, …), without its content. */
  fields: JSONObject;
  parts: JSONObject[];
  calls: number;
  open: OpenCall | undefined;
}

/**
 * Assembles a `streamGenerateContent?alt=sse` stream into the response it stands for
 * (docs/wire-format.md, "Gemini"): each event is a whole partial response; per candidate the parts
 * are appended in order, text and thought pieces joined into one part until a piece carries a
 * signature (so the signature a stream ends with, on an empty text part, lands on the text it
 * closes), function calls taken whole or, with `partialArgs`/`willContinue`, assembled piece by
 * piece; the latest value of each `usageMetadata` count kept (intermediate and even final chunks may
 * have none). An `error` object throws `EndpointError`. Text and call deltas are reported through
 * `onEvent` as they arrive; thoughts are never text.
 */
export class GeminiStreamAssembler {
  readonly #round: number;
  readonly #onEvent: ((event: StreamEvent) => void) | undefined;
  readonly #candidates = new Map<number, CandidateState>();
  readonly #top: JSONObject = {};
  readonly #usage: JSONObject = {};
  #complete = false;
  #events = 0;

  constructor(round: number, onEvent?: (event: StreamEvent) => void) {
    this.#round = round;
    this.#onEvent = onEvent;
  }

  /** Handles one SSE message. */
  push(message: SSEMessage): void {
    if (message.data.trim() === "") return;
    const data = eventJSON(message);
    this.#events++;
    const chunk = asObject(Array.isArray(data) && data.length === 1 ? data[0] : data);
    if (data === undefined || chunk === undefined)
      throw new ProtocolError(`The stream sent an event that is not an object: ${excerptOf(message.data, 120)}`);
    this.pushChunk(chunk);
  }

  /** How many events were read (none: the body may be JSON sent under the wrong content type). */
  get events(): number {
    return this.#events;
  }

  /** Handles one partial response (an event's data, or a JSON body read whole). */
  pushChunk(chunk: JSONObject): void {
    if (chunk.error !== undefined && chunk.error !== null) throw geminiErrorOf(chunk, "mid-stream");
    for (const key of ["responseId", "modelVersion", "createTime", "modelStatus"]) {
      if (chunk[key] !== undefined) setOwn(this.#top, key, chunk[key]);
    }
    const feedback = asObject(chunk.promptFeedback);
    if (feedback !== undefined) {
      this.#top.promptFeedback = feedback;
      if (typeof feedback.blockReason === "string") this.#complete = true;
    }
    const usage = asObject(chunk.usageMetadata);
    if (usage) for (const key of Object.keys(usage)) if (usage[key] !== null) setOwn(this.#usage, key, usage[key]);
    if (!Array.isArray(chunk.candidates)) return;
    chunk.candidates.forEach((entry, position) => {
      const candidate = asObject(entry);
      if (candidate !== undefined) this.#candidate(candidate, position);
    });
  }

  #candidate(candidate: JSONObject, position: number): void {
    const index = typeof candidate.index === "number" ? candidate.index : position;
    let state = this.#candidates.get(index);
    if (state === undefined)
      this.#candidates.set(index, (state = { fields: {}, parts: [], calls: 0, open: undefined }));
    const { content, ...fields } = candidate;
    Object.assign(state.fields, fields);
    if (typeof candidate.finishReason === "string" && candidate.finishReason !== "") this.#complete = true;
    const parts = asObject(content)?.parts;
    if (!Array.isArray(parts)) return;
    for (const item of parts) {
      const part = asObject(item);
      if (part !== undefined) this.#part(state, part, index === 0);
    }
  }

  #part(state: CandidateState, part: JSONObject, first: boolean): void {
    const call = asObject(part.functionCall);
    if (call !== undefined) return this.#call(state, part, call, first);
    const signature = nonEmptyString(part.thoughtSignature);
    if (typeof part.text === "string" && isTextPart(part)) {
      const last = state.parts[state.parts.length - 1];
      const thought = part.thought === true;
      if (first && !thought && part.text !== "")
        this.#onEvent?.({ type: "text-delta", round: this.#round, text: part.text });
      if (
        last !== undefined &&
        typeof last.text === "string" &&
        isTextPart(last) &&
        (last.thought === true) === thought &&
        last.thoughtSignature === undefined
      ) {
        last.text += part.text;
        if (signature !== undefined) last.thoughtSignature = signature;
        return;
      }
    }
    state.parts.push({ ...part });
  }

  #call(state: CandidateState, part: JSONObject, call: JSONObject, first: boolean): void {
    const signature = nonEmptyString(part.thoughtSignature);
    let open = state.open;
    const pieces = Array.isArray(call.partialArgs) ? call.partialArgs : undefined;
    if (open === undefined && call.willContinue !== true && pieces === undefined) {
      // A whole call, as the Gemini API sends them.
      const index = state.calls++;
      state.parts.push({ ...part });
      if (first)
        this.#delta(index, JSON.stringify(call.args ?? {}), nonEmptyString(call.id), nonEmptyString(call.name));
      return;
    }
    if (open === undefined) {
      open = {
        name: typeof call.name === "string" ? call.name : "",
        id: nonEmptyString(call.id),
        signature,
        args: new PartialArgs(),
        index: state.calls++,
      };
      state.open = open;
      if (first) this.#delta(open.index, "", open.id, open.name || undefined);
    } else {
      open.signature ??= signature;
      if (open.name === "" && typeof call.name === "string") open.name = call.name;
      open.id ??= nonEmptyString(call.id);
    }
    if (pieces !== undefined) open.args.add(pieces);
    const args = asObject(call.args);
    if (args !== undefined) open.args.assign(args);
    if (call.willContinue !== true) {
      state.open = undefined;
      state.parts.push(closedCall(open, true));
      if (first) this.#delta(open.index, JSON.stringify(open.args.value), open.id, open.name || undefined);
    }
  }

  #delta(index: number, argumentsDelta: string, id: string | undefined, name: string | undefined): void {
    this.#onEvent?.(toolCallDelta(this.#round, index, argumentsDelta, id, name));
  }

  /**
   * The assembled response (the shape of a non-streamed reply). Throws `ProtocolError` when the
   * stream ended before any candidate had a `finishReason` (and no prompt was blocked): it was cut.
   */
  finish(): JSONObject {
    if (!this.#complete) {
      throw new ProtocolError(
        "The stream ended before the reply was complete (no candidate had a finishReason): the connection was cut. Nothing was added to the conversation; send the request again.",
      );
    }
    const candidates = [...this.#candidates.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, state]) => {
        // A call still open when the stream ended was cut: its arguments are never guessed.
        const parts = state.open ? [...state.parts, closedCall(state.open, false)] : state.parts;
        return { ...state.fields, index, content: { role: "model", parts } };
      });
    const out: JSONObject = { ...this.#top, candidates };
    if (Object.keys(this.#usage).length > 0) out.usageMetadata = this.#usage;
    return out;
  }
}

/**
 * The function-call part an assembled call becomes. Arguments that could not be assembled, or
 * whose call was cut, go as the unfinished JSON text they are, which the reply reader answers as
 * unusable (never guessed).
 */
function closedCall(open: OpenCall, ended: boolean): JSONObject {
  const json = JSON.stringify(open.args.value);
  const args: JSONValue = open.args.broken === undefined && ended ? open.args.value : json.slice(0, -1);
  const functionCall: JSONObject = { name: open.name, args };
  if (open.id !== undefined) functionCall.id = open.id;
  const part: JSONObject = { functionCall };
  if (open.signature !== undefined) part.thoughtSignature = open.signature;
  return part;
}
