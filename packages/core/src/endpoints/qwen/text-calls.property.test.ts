import fc from "fast-check";
import type { JSONObject } from "../../json.js";
import type { StreamEvent } from "../stream-event.js";
import { QwenTextDeltas } from "./stream-text.js";
import { extractQwenCalls } from "./text-calls.js";
import { QwenTextScanner } from "./text-scanner.js";
import type { ToolSchemas } from "./tool-calls.js";
import { limits } from "../fixtures/endpoint-setup.js";

const schemas: ToolSchemas = new Map([
  [
    "f",
    {
      type: "object",
      properties: { s: { type: "string" }, n: { type: "integer" }, o: { type: "object" }, b: { type: "boolean" } },
    },
  ],
]);

// Pieces that make tags, partial tags, JSON and XML likely, so the properties probe the edges.
const fragments = [
  "<tool_call>",
  "</tool_call>",
  "<function=f>",
  "<function=",
  "</function>",
  "<parameter=s>",
  "<parameter=n>",
  "</parameter>",
  "<think>",
  "</think>",
  "<tool_c",
  "</tool",
  "<para",
  "<",
  ">",
  "{",
  "}",
  "[",
  "]",
  '"',
  "\\",
  ":",
  ",",
  "\n",
  " ",
  "\t",
  '{"name": "f", "arguments": {"s": "x"}}',
  '"arguments"',
  "null",
  "42",
  "a",
  "é",
  "👋",
];
const loose = fc
  .array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 4 })), { maxLength: 40 })
  .map((parts) => parts.join(""));
// Text with call openers followed by the characters that matter inside a call (quotes, escapes, brackets, closing tags).
const inner = [
  '"',
  "\\",
  "{",
  "}",
  "[",
  "]",
  "a",
  " ",
  "\n",
  "<",
  ">",
  "</tool_call>",
  "</function>",
  "<parameter=s>",
  "<parameter=n>",
  "</parameter>",
  "<tool_call>",
  "</think>",
];
const callish = fc
  .array(
    fc.tuple(
      fc.constantFrom(
        "",
        "x ",
        "<tool_call>",
        "<tool_call>{",
        '<function=f>{"',
        "<function=f>\n<parameter=n>",
        "<think>",
      ),
      fc.array(fc.constantFrom(...inner), { maxLength: 16 }),
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.map(([open, rest]) => open + rest.join("")).join(""));
const messy = fc.oneof(loose, callish);

/** Cuts `text` at the given (sorted, deduplicated) positions. */
function split(text: string, cuts: number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let last = 0;
  for (const point of [...points, text.length]) {
    pieces.push(text.slice(last, point));
    last = point;
  }
  return pieces;
}

type Event = ["text" | "reasoning", string] | ["reasoningEnd"] | ["block", unknown];

/** What the scanner reports for the pieces, with adjacent text (and reasoning) joined. */
function scan(pieces: readonly string[]): { events: Event[] } {
  const events: Event[] = [];
  const add = (kind: "text" | "reasoning", piece: string) => {
    const last = events.at(-1);
    if (last && last[0] === kind) last[1] += piece;
    else if (piece !== "") events.push([kind, piece]);
  };
  const scanner = new QwenTextScanner({
    text: (piece) => add("text", piece),
    reasoning: (piece) => add("reasoning", piece),
    reasoningEnd: () => events.push(["reasoningEnd"]),
    block: (block) => events.push(["block", block]),
  });
  for (const piece of pieces) scanner.push(piece);
  scanner.end();
  return { events };
}

/** The text deltas the streaming filter reports for the pieces, joined. */
function streamed(pieces: readonly string[]): string {
  const events: StreamEvent[] = [];
  const deltas = new QwenTextDeltas((event) => events.push(event));
  for (const text of pieces) deltas.onEvent({ type: "text-delta", round: 1, text });
  deltas.end();
  return events.map((event) => (event.type === "text-delta" ? event.text : "")).join("");
}

describe("Qwen text calls: properties", () => {
  it("reports the same text, reasoning and blocks however the input is split", () => {
    fc.assert(
      fc.property(messy, fc.array(fc.nat(), { maxLength: 24 }), (text, cuts) => {
        expect(scan(split(text, cuts)).events).toEqual(scan([text]).events);
      }),
      { numRuns: 2000 },
    );
  });

  it("streams text deltas that join to the final text, and never a character of a call", () => {
    fc.assert(
      fc.property(messy, fc.array(fc.nat(), { maxLength: 24 }), (text, cuts) => {
        const whole = scan([text]).events;
        fc.pre(!whole.some(([kind]) => kind === "reasoningEnd")); // a lone </think> recasts text already streamed
        expect(streamed(split(text, cuts))).toBe(extractQwenCalls(text, schemas, limits).text ?? "");
      }),
      { numRuns: 2000 },
    );
  });

  it("passes text without tags through unchanged except trimming", () => {
    const plain = fc.string({
      unit: fc.constantFrom("a", " ", "\n", "<", ">", "/", "=", "t", "o", "l", "_", "c", "{", '"', "é"),
    });
    fc.assert(
      fc.property(plain, (text) => {
        fc.pre(!["<tool_call>", "<function=", "<think>", "</think>"].some((tag) => text.includes(tag)));
        const found = extractQwenCalls(text, schemas, limits);
        expect(found.calls).toEqual([]);
        expect(found.text).toBe(text.trim() === "" ? null : text.trim());
        expect(streamed(split(text, [3, 7]))).toBe(text.trim());
      }),
      { numRuns: 1000 },
    );
  });

  it("never throws, and every call is either usable or says why not", () => {
    fc.assert(
      fc.property(fc.oneof(messy, fc.string()), (text) => {
        const found = extractQwenCalls(text, schemas, limits);
        for (const call of found.calls) {
          expect(call.arguments === null).toBe(call.argumentError !== undefined);
          expect(call.id).toMatch(/^call_/);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("reads back any well-formed call in every written form, with the text around it", () => {
    const value = fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "0", "é", "'", '"', "\\", ">", "{") });
    const args = fc.record(
      {
        s: value,
        n: fc.integer(),
        o: fc.dictionary(fc.string({ maxLength: 3 }), fc.integer(), { maxKeys: 3 }),
        b: fc.boolean(),
      },
      { requiredKeys: [] },
    );
    const around = fc.string({ unit: fc.constantFrom("a", " ", "\n", ".", ">") });
    fc.assert(
      fc.property(
        args,
        fc.constantFrom("hermes", "hermes-string", "function-json", "xml", "bare-xml"),
        around,
        around,
        (a, form, before, after) => {
          const call = render(form, a as JSONObject);
          const found = extractQwenCalls(`${before}${call}${after}`, schemas, limits);
          expect(found.calls.map(({ name, arguments: parsed }) => ({ name, parsed }))).toEqual([
            { name: "f", parsed: a },
          ]);
          const text = `${before}${after}`.trim();
          expect(found.text).toBe(text === "" ? null : text);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

function render(form: string, args: JSONObject): string {
  const json = JSON.stringify(args);
  switch (form) {
    case "hermes":
      return `<tool_call>\n{"name": "f", "arguments": ${json}}\n</tool_call>`;
    case "hermes-string":
      return `<tool_call>{"name": "f", "arguments": ${JSON.stringify(json)}}</tool_call>`;
    case "function-json":
      return `<function=f>${json}</function>`;
    default: {
      const params = Object.entries(args)
        .map(([name, v]) => `<parameter=${name}>\n${typeof v === "string" ? v : JSON.stringify(v)}\n</parameter>\n`)
        .join("");
      const fn = `<function=f>\n${params}</function>`;
      return form === "xml" ? `<tool_call>\n${fn}\n</tool_call>` : fn;
    }
  }
}
