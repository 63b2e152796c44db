import type { Attributes } from "@opentelemetry/api";
import type { EndpointIdentity } from "./endpoint-identity.js";
import { ATTR, OPERATION } from "./gen-ai-names.js";

/**
 * How many models (and response models per model) one endpoint keeps attribute sets for; past
 * that, sets are built per use, so a program that names endless models cannot grow the cache.
 */
export const MAX_CACHED_MODELS = 64;

/** The metric attribute sets of requests a given model answered, without an error. */
export interface AnsweredSets {
  /** `gen_ai.client.operation.duration` of the request. */
  duration: Attributes;
  /** `gen_ai.client.token.usage`, `gen_ai.token.type` `input`. */
  input: Attributes;
  /** `gen_ai.client.token.usage`, `gen_ai.token.type` `output`. */
  output: Attributes;
}

/** `gen_ai.operation.name`, the provider and `server.*`: what every span and point of an endpoint shares. */
function common(identity: EndpointIdentity, operation: string, model: string): Attributes {
  const attributes: Attributes = {
    [ATTR.operationName]: operation,
    [ATTR.providerName]: identity.provider,
    [ATTR.requestModel]: model,
  };
  if (identity.address !== undefined) {
    attributes[ATTR.serverAddress] = identity.address;
    attributes[ATTR.serverPort] = identity.port;
  }
  return attributes;
}

/**
 * `attributes` with its keys in sorted order: the metrics SDK sorts a point's keys (to serialise
 * the set into its series key) on every record, and a sorted array costs its sort one pass.
 */
function sortedKeys(attributes: Attributes): Attributes {
  return Object.freeze(Object.fromEntries(Object.entries(attributes).sort(([a], [b]) => (a < b ? -1 : 1))));
}

/** `map.get(key)`, else `build()`, kept in `map` while it holds fewer than MAX_CACHED_MODELS entries. */
export function cached<T>(map: Map<string, T>, key: string, build: () => T): T {
  let value = map.get(key);
  if (value === undefined) {
    value = build();
    if (map.size < MAX_CACHED_MODELS) map.set(key, value);
  }
  return value;
}

/**
 * The attribute sets of one model on one endpoint, built once and shared by every completion:
 * the SDK copies a span's attributes and keeps a metric point's set as its series key, so the
 * same frozen object serves every span start and every point (and the metrics SDK, which
 * serialises a set to find its series, is handed no more than the conventions ask for).
 */
export class ModelAttributes {
  /** The `invoke_agent` span's attributes at its start. */
  readonly agentSpan: Attributes;
  /** The `chat` span's attributes at its start: the ones the conventions want there, for samplers. */
  readonly chatSpan: Attributes;
  /** `chat {model}`. */
  readonly chatSpanName: string;
  /** `gen_ai.client.operation.duration` of a tool run that did not fail. */
  readonly toolDuration: Attributes;
  readonly #identity: EndpointIdentity;
  readonly #model: string;
  readonly #answered = new Map<string, AnsweredSets>();

  constructor(identity: EndpointIdentity, model: string, agentName: string | undefined) {
    this.#identity = identity;
    this.#model = model;
    const agent = common(identity, OPERATION.invokeAgent, model);
    if (agentName !== undefined) agent[ATTR.agentName] = agentName;
    this.agentSpan = Object.freeze(agent);
    this.chatSpan = Object.freeze(common(identity, OPERATION.chat, model));
    this.chatSpanName = `${OPERATION.chat} ${model}`;
    this.toolDuration = sortedKeys(common(identity, OPERATION.executeTool, model));
  }

  /** The sets of a request that `responseModel` answered (undefined: the reply named none). */
  answered(responseModel: string | undefined): AnsweredSets {
    return cached(this.#answered, responseModel ?? "", () => {
      const duration = common(this.#identity, OPERATION.chat, this.#model);
      if (responseModel !== undefined) duration[ATTR.responseModel] = responseModel;
      return {
        duration: sortedKeys(duration),
        input: sortedKeys({ ...duration, [ATTR.tokenType]: "input" }),
        output: sortedKeys({ ...duration, [ATTR.tokenType]: "output" }),
      };
    });
  }

  /** The duration set of an operation that failed with `errorType` (built per failure: failures are rare). */
  failed(operation: string, responseModel: string | undefined, errorType: string): Attributes {
    const attributes = common(this.#identity, operation, this.#model);
    if (responseModel !== undefined) attributes[ATTR.responseModel] = responseModel;
    attributes[ATTR.errorType] = errorType;
    return attributes;
  }
}

/** An endpoint's identity and the attribute sets of each model it was asked for. */
export class EndpointAttributes {
  readonly identity: EndpointIdentity;
  readonly #agentName: string | undefined;
  readonly #models = new Map<string, ModelAttributes>();

  constructor(identity: EndpointIdentity, agentName: string | undefined) {
    this.identity = identity;
    this.#agentName = agentName;
  }

  /** The sets of `model` on this endpoint. */
  model(model: string): ModelAttributes {
    return cached(this.#models, model, () => new ModelAttributes(this.identity, model, this.#agentName));
  }
}
