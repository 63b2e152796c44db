import type { StreamEvent } from "../endpoints/stream-event.js";
import { answerToolSchema, wrappedAnswerKey } from "../endpoints/output-request.js";
import { PartialJSON } from "../schema/partial-json.js";
import type { LoopEventListener } from "./loop-event.js";
import type { ResolvedOutput } from "./output.js";

/**
 * The listener of one streamed round that asked for a typed answer: passes every event on, and
 * reads the answer as it streams (the text, or the answer tool's input once its call starts),
 * reporting the partial value (`partial-output`) each time a delta changed it. Each delta is read
 * once: the work over a round is linear in the answer's length.
 */
export function partialOutputListener(
  round: number,
  output: ResolvedOutput,
  maxDepth: number,
  emit: LoopEventListener,
): (event: StreamEvent) => void {
  const toolName = output.request.name;
  const wrapped = answerToolSchema(output.request.schema).wrapped;
  let parser = new PartialJSON(maxDepth);
  let fromTool = false;
  let toolIndex: number | undefined;
  const report = () => {
    const value = parser.value;
    const partial = fromTool && wrapped ? (value as Record<string, unknown>)[wrappedAnswerKey] : value;
    if (partial !== undefined) emit({ type: "partial-output", round, partial });
  };
  return (event) => {
    emit(event);
    if (event.type === "text-delta" && !fromTool) {
      if (parser.push(event.text)) report();
    } else if (event.type === "tool-call-delta") {
      if (toolIndex === undefined && event.name === toolName) {
        toolIndex = event.index;
        fromTool = true;
        parser = new PartialJSON(wrapped ? maxDepth + 1 : maxDepth);
      }
      if (event.index === toolIndex && parser.push(event.argumentsDelta)) report();
    }
  };
}
