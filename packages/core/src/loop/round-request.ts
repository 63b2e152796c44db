import { toolChoiceForRound } from "../endpoints/model-config.js";
import type { EndpointReply, EndpointRequest, ModelEndpoint } from "../endpoints/model-endpoint.js";
import type { Message } from "../context/message.js";
import { ProtocolError } from "../errors/protocol-error.js";
import type { ResolvedOptions } from "./completion-options.js";
import { replyEvent, type LoopEventListener } from "./loop-event.js";
import { offeredTools } from "./offered-tools.js";
import { partialOutputListener } from "./partial-output.js";

/** The requests of one completion over a conversation: what each round sends, and sending it. */
export class RoundRequests {
  constructor(
    readonly endpoint: ModelEndpoint,
    readonly model: string,
    readonly options: ResolvedOptions,
    readonly stream: boolean,
    readonly emit: LoopEventListener | undefined,
  ) {}

  /**
   * Sends round `round` (the whole conversation so far) inside `options.hooks.request`, and
   * resolves with the reply once its first choice is there; nothing is appended here.
   */
  send(messages: Message[], round: number): Promise<EndpointReply> {
    const request = this.#request(messages, round);
    const hooks = this.options.hooks;
    return hooks?.request
      ? hooks.request(request, () => this.#exchange(request, round))
      : this.#exchange(request, round);
  }

  // The offered tools, the tool choice (a forced one only before tool results), the limits, and the listener.
  #request(messages: Message[], round: number): EndpointRequest {
    const { endpoint, model, options, stream } = this;
    const configured = options.toolChoice ?? endpoint.config(model).toolChoice;
    const request: EndpointRequest = {
      model,
      messages,
      tools: offeredTools(endpoint.tools, options.tools),
      toolChoice: toolChoiceForRound(configured, messages),
      stream,
      round,
      maxToolInput: options.maxToolInput,
      maxDepth: options.maxDepth,
    };
    if (options.signal) request.signal = options.signal;
    if (stream && options.backlog) request.backlog = options.backlog;
    const output = options.output;
    if (output !== undefined) request.output = output.request;
    // No listener: the endpoint builds no events either (and no partial answer is read).
    if (this.emit)
      request.onEvent =
        output !== undefined && stream ? partialOutputListener(round, output, options.maxDepth, this.emit) : this.emit;
    return request;
  }

  /** One request, from its `request` event to its `reply` event (a cancelled one rejects with the endpoint's `AbortedError`). */
  async #exchange(request: EndpointRequest, round: number): Promise<EndpointReply> {
    this.emit?.({
      type: "request",
      round,
      model: this.model,
      messages: request.messages.length,
      tools: request.tools.length,
      toolChoice: request.toolChoice,
      stream: this.stream,
    });
    const reply = await this.endpoint.send(request);
    const choice = reply.choices[0];
    if (choice === undefined)
      throw new ProtocolError("The reply holds no choice: nothing was added to the conversation.");
    this.emit?.(replyEvent(round, reply, choice));
    return reply;
  }
}
