import type { StreamEvent } from "../endpoints/stream-event.js";
import { answerToolSchema, wrappedAnswerKey } from "../endpoints/output-request.js";
import { datePathsUnder } from "../schema/date-locations.js";
import { PartialJSON } from "../schema/partial-json.js";
import type { LoopEvent, LoopEventListener } from "./loop-event.js";
import type { ResolvedOutput } from "./output.js";

/**
 * The listener of one streamed round that asked for a typed answer: passes every event on, and
 * reads the answer as it streams (the text, or the answer tool's input once its call starts),
 * reporting the partial value (`partial-output`) each time a delta changed it. Each delta is read
 * once: the work over a round is linear in the answer's length. Each event holds the answer as it
 * was then (a snapshot taken in a step per open object or array, built when first read), with its
 * `Date`s revived once complete.
 */
export function partialOutputListener(
  round: number,
  output: ResolvedOutput,
  maxDepth: number,
  emit: LoopEventListener,
): (event: StreamEvent) => void {
  const toolName = output.request.name;
  const wrapped = answerToolSchema(output.request.schema).wrapped;
  let parser = new PartialJSON(maxDepth, { dates: output.dates });
  let fromTool = false;
  let toolIndex: number | undefined;
  const unwrap = (value: unknown) =>
    fromTool && wrapped ? (value as Record<string, unknown> | undefined)?.[wrappedAnswerKey] : value;
  const report = () => {
    if (unwrap(parser.value) === undefined) return;
    const snapshot = parser.snapshot();
    const tool = fromTool;
    const event = { type: "partial-output", round } as Extract<LoopEvent, { type: "partial-output" }>;
    Object.defineProperty(event, "partial", {
      enumerable: true,
      get: () => (tool && wrapped ? (snapshot() as Record<string, unknown>)[wrappedAnswerKey] : snapshot()),
    });
    emit(event);
  };
  return (event) => {
    emit(event);
    if (event.type === "text-delta" && !fromTool) {
      if (parser.push(event.text)) report();
    } else if (event.type === "tool-call-delta") {
      if (toolIndex === undefined && event.name === toolName) {
        toolIndex = event.index;
        fromTool = true;
        const dates = wrapped ? datePathsUnder(wrappedAnswerKey, output.dates) : output.dates;
        parser = new PartialJSON(wrapped ? maxDepth + 1 : maxDepth, { dates });
      }
      if (event.index === toolIndex && parser.push(event.argumentsDelta)) report();
    }
  };
}
