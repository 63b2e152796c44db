// OpenAI's Responses API: `POST /v1/responses`, a response object with output items, or named SSE
// events (response.created … response.completed) without a closing `[DONE]`. A turn's first
// choice is rendered: reasoning as a reasoning item (summary and encrypted content), text and
// refusal as a message's parts, calls as function_call items; `length` and `content_filter`
// finish reasons make the response incomplete; `extra` is merged into the response object.
import { renderResponsesJson } from "./responses-json.js";
import { renderResponsesEvents } from "./responses-sse.js";
import type { WireFormat } from "./wire-format.js";

/** The Responses API wire format (also spoken by llama.cpp, vLLM, Ollama, LM Studio …). */
export const responsesFormat: WireFormat = {
  name: "responses",
  path: "/v1/responses",
  renderJson: renderResponsesJson,
  renderEvents: renderResponsesEvents,
  // Explicit chunks are Responses events: each is named after its `type`.
  chunkEvent: (chunk) => (typeof chunk.type === "string" ? { event: chunk.type, data: chunk } : { data: chunk }),
  errorBody: (status, message, type) => ({
    error: { message, type, param: null, code: status === 429 ? "rate_limit_exceeded" : null },
  }),
};
