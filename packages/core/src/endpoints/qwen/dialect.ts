import type { Tool } from "../../tools/tool.js";
import type { CompletionChoice } from "../model-endpoint.js";
import type { CallIds } from "../tool-calls.js";
import type { ArgumentLimits } from "../tool-arguments.js";
import { extractQwenCalls } from "./text-calls.js";
import type { ToolSchemas } from "./tool-calls.js";

/** The parameters schema of each tool offered, by name: what Qwen XML parameter values are typed with. */
export function qwenToolSchemas(tools: readonly Tool[]): ToolSchemas {
  return new Map(tools.map((tool) => [tool.name, tool.schema] as const));
}

/**
 * Reads one parsed choice in the `qwen` dialect (`ModelConfig.dialect`): its native tool calls
 * stay as they are, calls written in its text are added after them (ids from the reply's `ids`,
 * so unique within the reply), the text keeps the rest (trimmed), and reasoning found in the text
 * joins `reasoning`. Changes the choice in place.
 */
export function readQwenChoice(
  choice: CompletionChoice,
  schemas: ToolSchemas,
  limits: ArgumentLimits,
  ids: CallIds,
): void {
  if (choice.text === null) return;
  const found = extractQwenCalls(choice.text, schemas, limits, ids);
  choice.text = found.text;
  for (const call of found.calls) choice.toolCalls.push(call); // not push(...calls): there may be very many
  if (found.reasoning !== null)
    choice.reasoning = choice.reasoning ? `${choice.reasoning}\n${found.reasoning}` : found.reasoning;
}
