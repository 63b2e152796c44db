import type { Tool } from "../../tools/tool.js";
import type { EndpointReply } from "../model-endpoint.js";
import { CallIds } from "../tool-calls.js";
import { extractQwenCalls } from "./text-calls.js";
import type { ArgumentLimits } from "../tool-arguments.js";

/** What reading a reply in the `qwen` dialect needs from the request. */
export interface QwenDialectRequest extends ArgumentLimits {
  /** The tools offered: their schemas type Qwen XML parameter values. */
  tools: readonly Tool[];
}

/**
 * Reads a parsed reply in the `qwen` dialect (`ModelConfig.dialect`): native tool calls stay as
 * they are, calls written in each choice's text are added after them (ids unique within the
 * reply), the text keeps the rest (trimmed), and reasoning found in the text joins `reasoning`.
 * Changes the reply in place and returns it.
 */
export function readQwenDialect(reply: EndpointReply, request: QwenDialectRequest): EndpointReply {
  const schemas = new Map(request.tools.map((tool) => [tool.name, tool.schema] as const));
  const ids = new CallIds();
  for (const choice of reply.choices) for (const call of choice.toolCalls) ids.take(call.id);
  for (const choice of reply.choices) {
    if (choice.text === null) continue;
    const found = extractQwenCalls(choice.text, schemas, request, ids);
    choice.text = found.text;
    for (const call of found.calls) choice.toolCalls.push(call); // not push(...calls): there may be very many
    if (found.reasoning !== null)
      choice.reasoning = choice.reasoning ? `${choice.reasoning}\n${found.reasoning}` : found.reasoning;
  }
  return reply;
}
