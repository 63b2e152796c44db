import type { ToolCall } from "../policy/tool-call.js";
import type { JSONObject } from "../json.js";

/** Events of `endpoint.stream(...)`, emitted while the loop runs. */
export type StreamEvent =
  /** A piece of visible text of the current round. */
  | { type: "text-delta"; round: number; text: string }
  /** A piece of a tool call being streamed (`index` as the server sent it). */
  | { type: "tool-call-delta"; round: number; index: number; id?: string; name?: string; argumentsDelta: string }
  /** A tool call, complete and parsed (before the policy decides). */
  | { type: "tool-call"; round: number; call: ToolCall }
  /** A call's decision and result, once it ran, failed, or was denied. */
  | { type: "tool-result"; round: number; call: ToolCall }
  /** A round ended (its reply is complete and its calls answered). */
  | { type: "round-end"; round: number; finishReason: string | null }
  /**
   * An output item the server made that tooltype keeps in the conversation but does not act on: a
   * server-side tool's call and result (web search, file search, code interpreter, remote MCP on
   * the Responses API), or an item type it does not know. Nothing runs here and no policy is asked.
   */
  | { type: "server-item"; round: number; item: JSONObject }
  /** Something worked, but not as asked (a tool that asked to be strict was sent non-strict, …). */
  | { type: "warning"; round: number; message: string }
  /**
   * A router is sending the round's request to one of its targets: before each try, so after a
   * failover the next event names the next target. `provider` as the target's endpoint says it.
   */
  | { type: "route"; round: number; baseURL: string; model: string; provider?: string };

/** A `tool-call-delta` event; `id` and `name` are included once known. */
export function toolCallDelta(
  round: number,
  index: number,
  argumentsDelta: string,
  id: string | undefined,
  name: string | undefined,
): StreamEvent {
  const event: StreamEvent = { type: "tool-call-delta", round, index, argumentsDelta };
  if (id !== undefined) event.id = id;
  if (name !== undefined) event.name = name;
  return event;
}
