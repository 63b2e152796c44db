import type { CompletionChoice } from "../model-endpoint.js";
import { CallIds } from "../tool-calls.js";
import { readQwenChoice } from "./dialect.js";
import { extractQwenCalls } from "./text-calls.js";
import { QwenTextScanner } from "./text-scanner.js";
import type { ToolSchemas } from "./tool-calls.js";

// Hostile replies of about 1 MB: unclosed openers, partial tags and open strings that make a
// naive parser rescan the rest of the text at each one. No clock is read: a scanner that rescanned
// would take on the order of 10^12 steps on each of these and never finish within the test's
// timeout, whole or streamed in pieces; a linear one reads each in milliseconds.

const size = 1 << 20;
const limits = { maxToolInput: 4 << 20, maxDepth: 64 };
const schemas: ToolSchemas = new Map([
  ["f", { type: "object", properties: { n: { type: "integer" }, o: { type: "object" } } }],
]);

const repeat = (unit: string) => unit.repeat(Math.ceil(size / unit.length));

const hostile: Array<[string, string]> = [
  ["unclosed <tool_call>", repeat("<tool_call>")],
  ["unclosed <tool_call>{", repeat("<tool_call>{")],
  ['unclosed <tool_call>{" with closers inside strings', repeat('<tool_call>{"</tool_call>')],
  ["unclosed <parameter= in a function", `<tool_call><function=f>${repeat("<parameter=n>")}`],
  ["<parameter= without names", `<function=f>${repeat("<parameter=")}`],
  ["bare <function=x> that never becomes a call", repeat("<function=x> ")],
  ["partial tags", repeat("<tool_c<functio<think</thi<para")],
  ["< everywhere", repeat("<")],
  ["opening brackets", `<tool_call>${repeat("{[")}`],
  ["one long string", `<tool_call>{"name": "f", "arguments": "${repeat("\\\\x")}`],
  ["many small calls", repeat("<function=f><parameter=n>1</parameter></function>")],
  ["values ending in parameters", `<function=f>${repeat("<parameter=o>{</parameter>")}</function>`],
  ["unclosed <think>", `<think>${repeat("</thin")}`],
];

function scanAll(pieces: readonly string[]): number {
  let seen = 0;
  const count = (piece: string) => (seen += piece.length);
  const scanner = new QwenTextScanner({
    text: count,
    reasoning: count,
    reasoningEnd() {},
    block: (b) => count(b.source),
  });
  for (const piece of pieces) scanner.push(piece);
  scanner.end();
  return seen;
}

function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

describe("Qwen text calls: linear time on hostile input", () => {
  it.each(hostile)("%s: read whole or streamed, every character reported once", (_, text) => {
    expect(text.length).toBeGreaterThanOrEqual(size);
    const found = extractQwenCalls(text, schemas, limits);
    // Streamed in small pieces, partial tags are held across boundaries but never rescanned.
    expect(scanAll(pieces(text, 7))).toBeLessThanOrEqual(text.length);
    const prefix = text.slice(0, size / 8);
    expect(scanAll(pieces(prefix, 1))).toBeLessThanOrEqual(prefix.length);
    for (const call of found.calls) expect(call.arguments === null).toBe(call.argumentError !== undefined);
  });

  it("reads a reply holding hundreds of thousands of calls and text pieces", () => {
    const text = `${"a <function=f></function>".repeat(300_000)}</think>`;
    const found = extractQwenCalls(text, schemas, limits);
    expect(found.calls).toEqual([]); // all before a lone </think>: reasoning
    expect(found.reasoning).toBe(text.slice(0, -"</think>".length).trim());
    const choice: CompletionChoice = {
      index: 0,
      text: "<function=f></function>".repeat(300_000),
      toolCalls: [],
      finishReason: "stop",
      refusal: null,
      reasoning: null,
    };
    readQwenChoice(choice, new Map(), limits, new CallIds());
    expect(choice.toolCalls).toHaveLength(300_000);
    expect(choice.text).toBeNull();
  });
});
