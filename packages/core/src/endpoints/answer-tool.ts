// Typed answers in tool mode, read back the same way on every provider: the answer tool's call
// leaves the reply's calls, and its arguments become the choice's text.
import type { JSONObject } from "../json.js";
import type { CompletionChoice } from "./model-endpoint.js";
import { wrappedAnswerKey } from "./output-request.js";

function answerText(args: JSONObject | null, raw: string, wrapped: boolean): string {
  if (args === null) return raw;
  if (!wrapped) return raw.trim() === "" ? JSON.stringify(args) : raw;
  return Object.hasOwn(args, wrappedAnswerKey) ? (JSON.stringify(args[wrappedAnswerKey]) ?? "") : "";
}

/**
 * Takes the call to the answer tool `toolName` out of the choice's calls and makes its arguments
 * the choice's text (the `value` inside, when a non-object answer was `wrapped`); unusable
 * arguments stay as the raw text, for the loop to report. Nothing happens when there is no such call.
 */
export function takeAnswerCall(choice: CompletionChoice, toolName: string, wrapped: boolean): void {
  const at = choice.toolCalls.findIndex((call) => call.name === toolName);
  if (at < 0) return;
  const [call] = choice.toolCalls.splice(at, 1);
  choice.text = answerText(call!.arguments, call!.rawArguments, wrapped);
}
