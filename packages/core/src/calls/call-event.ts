import type { ToolCall } from "../policy/tool-call.js";

/**
 * What the call runner reports, in its caller's round (0 outside a completion): the decision on a
 * call (`call.policyResult`), the start of its tool (the call is marked started), and its result.
 * A completion's `onEvent` hears them among its other events.
 */
export type CallEvent =
  | { type: "decision"; round: number; call: ToolCall }
  | { type: "tool-start"; round: number; call: ToolCall }
  | { type: "tool-result"; round: number; call: ToolCall };

/** What may observe the runner's tool runs; a completion's hooks (`CompletionHooks`) fit. */
export interface CallHooks {
  /** Wraps one tool run, from its `tool-start` event to its `tool-result` event (the tool's function runs inside). */
  tool?<T>(call: ToolCall, run: () => Promise<T>): Promise<T>;
}

/**
 * `listener` made safe to call: whatever it throws is dropped (a logging hook that fails must not
 * leave a conversation half-updated). Undefined without a listener, so call sites write
 * `emit?.({...})` and build no event object when nobody listens.
 */
export function safeListener<E>(listener: ((event: E) => void) | undefined): ((event: E) => void) | undefined {
  if (listener === undefined) return undefined;
  return (event) => {
    try {
      listener(event);
    } catch {
      // Dropped on purpose.
    }
  };
}
