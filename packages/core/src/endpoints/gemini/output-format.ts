// Typed answers on the Gemini API: `responseMimeType: "application/json"` with the schema in
// `responseJsonSchema` (native mode, the default), one more function whose arguments are the
// answer (tool mode), or the schema in the system instruction (prompt mode).
import type { Message } from "../../context/message.js";
import { isPlainObject } from "../../json.js";
import type { ModelConfig, OutputMode } from "../model-config.js";
import type { EndpointReply, EndpointRequest } from "../model-endpoint.js";
import { answerToolDescription, answerToolSchema, outputModeOf, withOutputInstructions } from "../output-request.js";
import { takeAnswerCall } from "../answer-tool.js";
import type { GeminiRequestBody } from "./wire.js";

/** How one request asks for its typed answer. */
export interface GeminiOutput {
  mode: OutputMode;
  /** The answer function's name (tool mode). */
  toolName: string;
  /** True when a non-object answer travels as the answer function's `value` argument. */
  wrapped: boolean;
}

/** The messages to send: in prompt mode, with the schema in the system instruction. */
export function geminiOutputMessages(request: EndpointRequest, config: ModelConfig): readonly Message[] {
  const output = request.output;
  return output !== undefined && outputModeOf(config, "native") === "prompt"
    ? withOutputInstructions(request.messages, output)
    : request.messages;
}

/**
 * Adds the typed-answer part to a body built for `request`: in native mode `responseMimeType` and
 * `responseJsonSchema` (the schema whole: the keywords the API ignores are checked here when the
 * answer arrives); in tool mode the answer function, and a `toolConfig` that makes the model end
 * with a call (to the answer function alone when no other tool is offered or the choice is `none`).
 */
export function applyGeminiOutput(
  body: GeminiRequestBody,
  request: EndpointRequest,
  config: ModelConfig,
): GeminiOutput | undefined {
  const output = request.output;
  if (output === undefined) return undefined;
  const mode = outputModeOf(config, "native");
  const info: GeminiOutput = { mode, toolName: output.name, wrapped: false };
  if (mode === "native") {
    body.generationConfig = {
      ...body.generationConfig,
      responseMimeType: "application/json",
      responseJsonSchema: isPlainObject(output.schema) ? output.schema : {},
    };
  } else if (mode === "tool") {
    const { schema, wrapped } = answerToolSchema(output.schema);
    info.wrapped = wrapped;
    const offered = request.tools.length > 0 && request.toolChoice !== "none";
    const answer = { name: output.name, description: answerToolDescription, parametersJsonSchema: schema };
    const declared = offered ? (body.tools?.[0]?.functionDeclarations ?? []) : [];
    body.tools = [{ functionDeclarations: [...declared, answer] }];
    const chosen = body.toolConfig?.functionCallingConfig;
    if (!offered) body.toolConfig = { functionCallingConfig: { mode: "ANY", allowedFunctionNames: [output.name] } };
    else if (chosen === undefined || chosen.mode === "AUTO")
      body.toolConfig = { functionCallingConfig: { mode: "ANY" } };
  }
  return info;
}

/**
 * Reads the answer out of a reply: in tool mode the answer function's call becomes the choice's
 * text (and leaves its calls); a choice left with no call carries `output`.
 */
export function attachGeminiOutput(reply: EndpointReply, info: GeminiOutput): void {
  for (const choice of reply.choices) {
    if (info.mode === "tool") takeAnswerCall(choice, info.toolName, info.wrapped);
    if (choice.toolCalls.length > 0) continue;
    choice.output = { text: choice.text ?? "", mode: info.mode };
  }
}
