import { asObject } from "../../json.js";
import { HttpEndpoint } from "../http/endpoint.js";
import { readJSONBodyAs } from "../http/reply-body.js";
import { SSEReader } from "../http/sse-reader.js";
import type { HttpResponse } from "../http/http-response.js";
import type { EndpointReply, EndpointRequest } from "../model-endpoint.js";
import { modelPath, resolveGeminiOptions, type GeminiOptions } from "./options.js";
import { attachGeminiOutput } from "./output-format.js";
import { geminiErrorOf, parseGeminiReply, type GeminiReplyOptions } from "./reply.js";
import { buildGeminiBody } from "./request.js";
import { GeminiStreamAssembler } from "./stream.js";
import type { GeminiThinkingConfig } from "./wire.js";
import { retryInfoDelayMs } from "./retry-info.js";

const api = "the Gemini API (the base URL without /v1beta: that is apiVersion)";

/** A reply body read whole: a response, or the array of chunks a stream request gets without `alt=sse`. */
function readBody(body: unknown, request: EndpointRequest, options: GeminiReplyOptions): EndpointReply {
  if (!Array.isArray(body) || body.length === 0) return parseGeminiReply(body, options);
  const assembler = new GeminiStreamAssembler(request.round);
  for (const chunk of body) {
    const object = asObject(chunk);
    if (object !== undefined) assembler.pushChunk(object);
  }
  return parseGeminiReply(assembler.finish(), options);
}

// A body whose start is kept while no event was read: at most this much.
const keptBodyBytes = 1 << 20;

async function readStreamedReply(
  response: HttpResponse,
  request: EndpointRequest,
  onEvent: EndpointRequest["onEvent"],
  options: GeminiReplyOptions,
): Promise<EndpointReply> {
  const assembler = new GeminiStreamAssembler(request.round, onEvent);
  const reader = new SSEReader((message) => assembler.push(message));
  // Some servers answer an error as plain JSON under `text/event-stream`: no event is ever read.
  const kept: Uint8Array[] = [];
  let keptBytes = 0;
  await response.each((piece) => {
    if (assembler.events === 0 && keptBytes < keptBodyBytes) {
      kept.push(piece.slice());
      keptBytes += piece.byteLength;
    }
    reader.push(piece);
  });
  reader.end();
  if (assembler.events === 0 && keptBytes > 0 && keptBytes < keptBodyBytes) {
    const text = Buffer.concat(kept).toString("utf8");
    if (/^\s*[[{]/.test(text)) {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const object = asObject(Array.isArray(body) && body.length === 1 ? body[0] : body);
      if (object?.error !== undefined) throw geminiErrorOf(object, "instead of a stream");
      if (body !== undefined) return readBody(body, request, options);
    }
  }
  return parseGeminiReply(assembler.finish(), options);
}

/**
 * Google's Gemini API (`POST …/v1beta/models/{model}:generateContent`, and
 * `:streamGenerateContent?alt=sse` for streams) over undici, with one keep-alive pool per endpoint:
 * tools as `functionDeclarations` with their schemas in `parametersJsonSchema`, `functionCall` parts
 * read as calls, the shared history translated into `contents` with every thought signature sent
 * back on the part it came with, typed answers through `responseJsonSchema`.
 *
 * ```ts
 * const gemini = new Gemini({ apiKey: process.env.GEMINI_API_KEY });
 * gemini.tools.add(new Weather());
 * const completion = await gemini.completions("gemini-2.5-flash", "Weather in Paris?");
 * ```
 *
 * With `vertex: { project, location }` and an `accessToken` it speaks to Vertex AI instead. In
 * `config(model)`, `strict`, `parallelToolCalls` and `dialect` do not apply.
 */
export class Gemini extends HttpEndpoint<"Gemini"> {
  /** `gcp.gemini` for the Gemini API, `gcp.vertex_ai` with `vertex` options (`ModelEndpoint.provider`, as the GenAI conventions name them). */
  readonly provider: string;
  readonly #modelsPath: string;
  readonly #thinkingConfig: GeminiThinkingConfig | undefined;

  constructor(options: GeminiOptions = {}) {
    const resolved = resolveGeminiOptions(options);
    super("Gemini", resolved, options);
    this.provider = options.vertex === undefined ? "gcp.gemini" : "gcp.vertex_ai";
    this.#modelsPath = resolved.modelsPath;
    this.#thinkingConfig = options.thinkingConfig;
  }

  /**
   * Sends one request and parses the reply (`ModelEndpoint.send`). Throws `EndpointError` when the
   * request fails after its retries (or is cancelled, or the stream reports an error) and
   * `ProtocolError` for a body that is not a generateContent response (a stream cut before its end included).
   */
  async send(request: EndpointRequest): Promise<EndpointReply> {
    const body = buildGeminiBody(request, this.config(request.model), {
      registry: this.tools,
      ...(this.#thinkingConfig ? { thinkingConfig: this.#thinkingConfig } : {}),
    });
    const options: GeminiReplyOptions = {
      maxToolInput: request.maxToolInput,
      maxDepth: request.maxDepth,
      customTools: body.customTools,
    };
    const method = request.stream ? "streamGenerateContent?alt=sse" : "generateContent";
    const reply = await this.post(modelPath(this.#modelsPath, request.model, method), body.text, request, {
      json: (response) => readJSONBodyAs(response, api, (parsed) => readBody(parsed, request, options)),
      stream: (response, onEvent) => readStreamedReply(response, request, onEvent, options),
      retryAfterFromBody: retryInfoDelayMs,
    });
    if (body.output !== undefined) attachGeminiOutput(reply, body.output);
    return reply;
  }
}
