import type { Context } from "../context/context.js";
import type { EndpointReply, EndpointRequest, ModelEndpoint } from "../endpoints/model-endpoint.js";
import type { JSONObject } from "../json.js";
import type { TypedSchema } from "../schema/typed-schema.js";
import type { CompletionOptions } from "./completion-options.js";

/**
 * A request body in the provider's own wire format (for OpenAI, a chat completions body with
 * `messages`), sent as it is. Needs an endpoint that can send one (`sendRaw`).
 */
export type RawRequestBody = JSONObject & { messages: unknown[] };

/** What a completion starts from: a conversation (tools run), a prompt or a raw body (tools never run). */
export type CompletionInput = Context | string | RawRequestBody;

/** An endpoint that can also send a body in its own wire format (OpenAI does). */
export interface RawRequestEndpoint extends ModelEndpoint {
  /** Sends `body` as it is (model, stream and the limits from `request`) and parses the reply. */
  sendRaw(body: JSONObject, request: EndpointRequest): Promise<EndpointReply>;
}

/** Options that ask for a typed answer: `output` carries the answer's type (`jsonSchema<T>()`). */
export type TypedOutputOptions<T, Options = CompletionOptions> = Options & { output: TypedSchema<T> };
