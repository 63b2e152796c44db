import type { ToolCall } from "../../policy/tool-call.js";
import { CallIds } from "../tool-calls.js";
import type { ScannedBlock } from "./scanned-call.js";
import { QwenTextScanner } from "./text-scanner.js";
import { toolCallsOfBlock, type ToolSchemas } from "./tool-calls.js";
import type { ArgumentLimits } from "../tool-arguments.js";

/** What a reply's text holds once the calls written in it are taken out. */
export interface QwenExtraction {
  /** Everything outside the calls and the reasoning, trimmed at both ends; `null` when nothing is left. */
  text: string | null;
  /** Reasoning found in the text (`<think>…</think>`, or all before a lone `</think>`), trimmed; `null` when none. */
  reasoning: string | null;
  /** The calls, in the order written, with synthetic ids; unusable ones have `arguments: null` and an `argumentError`. */
  calls: ToolCall[];
}

function orNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === "" ? null : trimmed;
}

// Loops rather than push(...spread): a reply may hold more items than a call takes arguments.

/**
 * Takes the tool calls written as text out of a reply's text (docs/wire-format.md, "Hermes and
 * Qwen calls written as text"): Hermes `<tool_call>{json}</tool_call>`, `<function=NAME>{json}</function>`
 * and Qwen3-Coder XML, with Qwen XML values typed from `schemas`. Runs in time linear in the
 * text and never throws. Calls inside reasoning are not calls.
 */
export function extractQwenCalls(
  content: string,
  schemas: ToolSchemas,
  limits: ArgumentLimits,
  ids: CallIds = new CallIds(),
): QwenExtraction {
  let items: Array<string | ScannedBlock> = [];
  const reasoning: string[] = [];
  const scanner = new QwenTextScanner({
    text: (piece) => items.push(piece),
    reasoning: (piece) => reasoning.push(piece),
    // A lone </think>: what came before was reasoning, calls written there included.
    reasoningEnd: () => {
      for (const item of items) reasoning.push(typeof item === "string" ? item : item.source);
      items = [];
    },
    block: (block) => items.push(block),
  });
  scanner.push(content);
  scanner.end();
  const text: string[] = [];
  const calls: ToolCall[] = [];
  for (const item of items) {
    if (typeof item === "string") text.push(item);
    else for (const call of toolCallsOfBlock(item, schemas, limits, ids)) calls.push(call);
  }
  return { text: orNull(text.join("")), reasoning: orNull(reasoning.join("")), calls };
}
