// Short constructors for the common turns; each returns a plain ScriptedTurn that can be
// spread and adjusted, so `{ ...turn.text("hi"), delayMs: 50 }` works as well.
import type { ScriptedChunk, ScriptedObject, ScriptedToolCall, ScriptedTurn } from "./turn.js";

/** Options of an error turn. */
export interface ScriptedErrorOptions {
  /** Message of the default error body. */
  message?: string;
  /** `type` of the default error body. */
  type?: string;
  /** The whole error body instead of the default one. */
  body?: ScriptedObject | string;
  /** Response headers, e.g. `{ "retry-after": "2" }`. */
  headers?: Readonly<Record<string, string>>;
  /** Wait before answering. */
  delayMs?: number;
}

/** Constructors for scripted turns. */
export const turn = {
  /** A plain text reply. */
  text(text: string, options: Omit<ScriptedTurn, "text" | "choices"> = {}): ScriptedTurn {
    return { ...options, text };
  },

  /** A reply that calls tools (finish reason `tool_calls` unless given). */
  toolCalls(
    calls: readonly ScriptedToolCall[],
    options: Omit<ScriptedTurn, "toolCalls" | "choices"> = {},
  ): ScriptedTurn {
    return { ...options, toolCalls: calls };
  },

  /** A reply that calls one tool; `args` is sent as a JSON string unless it already is a string. */
  toolCall(
    name: string,
    args: ScriptedObject | string = {},
    options: Omit<ScriptedTurn, "toolCalls" | "choices"> = {},
  ): ScriptedTurn {
    return { ...options, toolCalls: [{ name, arguments: typeof args === "string" ? args : JSON.stringify(args) }] };
  },

  /** An HTTP error reply in the wire format's error shape. */
  error(status: number, options: ScriptedErrorOptions = {}): ScriptedTurn {
    const out: ScriptedTurn = { status };
    if (options.message !== undefined) out.errorMessage = options.message;
    if (options.type !== undefined) out.errorType = options.type;
    if (options.body !== undefined) out.errorBody = options.body;
    if (options.headers !== undefined) out.headers = options.headers;
    if (options.delayMs !== undefined) out.delayMs = options.delayMs;
    return out;
  },

  /** 429 with `retry-after` (seconds). */
  rateLimited(retryAfterSeconds = 1, options: ScriptedErrorOptions = {}): ScriptedTurn {
    return turn.error(429, {
      message: "Rate limit reached (scripted)",
      ...options,
      headers: { "retry-after": String(retryAfterSeconds), ...options.headers },
    });
  },

  /** A body sent verbatim: an HTML error page, truncated JSON … */
  raw(
    body: string,
    options: { status?: number; contentType?: string; headers?: Readonly<Record<string, string>> } = {},
  ): ScriptedTurn {
    return { ...options, rawBody: body };
  },

  /** Destroys the connection: before any response byte (default) or halfway through the body. */
  reset(when: "before-response" | "mid-body" = "before-response", reply: ScriptedTurn = {}): ScriptedTurn {
    return { ...reply, reset: when };
  },

  /** Sends the headers (and, streaming, the first `afterEvents` events), then nothing. */
  stall(afterEvents = 0, reply: ScriptedTurn = {}): ScriptedTurn {
    return { ...reply, stall: true, cutAfter: afterEvents };
  },

  /** A stream of explicit events: objects as `data: <JSON>`, strings as written; `[DONE]` follows unless `omitDone`. */
  chunks(chunks: readonly ScriptedChunk[], options: Omit<ScriptedTurn, "chunks"> = {}): ScriptedTurn {
    return { ...options, chunks };
  },
} as const;
