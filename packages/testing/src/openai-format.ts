// OpenAI chat completions: `POST /v1/chat/completions`, JSON or SSE ending in `data: [DONE]`.
import { renderOpenAIJson } from "./openai-json.js";
import { renderOpenAIEvents } from "./openai-sse.js";
import type { WireFormat } from "./wire-format.js";

/** The OpenAI chat completions wire format (also spoken by vLLM, llama.cpp, Ollama, LM Studio …). */
export const openAIFormat: WireFormat = {
  name: "openai",
  path: "/v1/chat/completions",
  renderJson: renderOpenAIJson,
  renderEvents: renderOpenAIEvents,
  doneEvent: { data: "[DONE]" },
  errorBody: (status, message, type) => ({
    error: { message, type, param: null, code: status === 429 ? "rate_limit_exceeded" : null },
  }),
};
