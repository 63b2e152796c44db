import fc from "fast-check";
import { asObject } from "../../json.js";
import { RepeatedChunkParser, type StringSlot } from "./repeated-chunks.js";

// The OpenAI assembler's slot: the one call's arguments, else the text.
function slot(chunk: unknown): StringSlot | undefined {
  const choices = asObject(chunk)?.choices;
  if (!Array.isArray(choices) || choices.length !== 1) return undefined;
  const delta = asObject(asObject(choices[0])?.delta);
  if (delta === undefined) return undefined;
  if (Array.isArray(delta.tool_calls)) {
    const fn = delta.tool_calls.length === 1 ? asObject(asObject(delta.tool_calls[0])?.function) : undefined;
    return fn && typeof fn.arguments === "string" ? { parent: fn, key: "arguments" } : undefined;
  }
  return typeof delta.content === "string" ? { parent: delta, key: "content" } : undefined;
}

/** What JSON.parse gives, or the fact that it throws. */
function outcome(parse: (text: string) => unknown, text: string): { value: unknown } | "throws" {
  try {
    // A structured copy: the parser's reused object must equal a fresh parse at the moment it is returned.
    return { value: structuredClone(parse(text)) };
  } catch {
    return "throws";
  }
}

function expectSameAsJSONParse(texts: readonly string[]): void {
  const parser = new RepeatedChunkParser(slot);
  for (const text of texts) expect(outcome((t) => parser.parse(t), text)).toStrictEqual(outcome(JSON.parse, text));
}

// Strings likely to hit the edges: quotes, backslashes, control characters, surrogates (lone ones too), escapes as text.
const awkward = fc.oneof(
  fc.string({
    unit: fc.constantFrom("a", '"', "\\", "\n", "\u0000", "\u001f", "é", "\u2028", "😀", "\ud800", "u", "/"),
  }),
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.string({ maxLength: 6 }),
);

// A JSON writer with choices a server might make: any character escaped as \uXXXX, whitespace between tokens.
interface Style {
  escapeAll: boolean;
  space: string;
}
function encodeString(value: string, style: Style): string {
  if (!style.escapeAll) return JSON.stringify(value);
  let out = '"';
  for (let i = 0; i < value.length; i++) out += `\\u${value.charCodeAt(i).toString(16).padStart(4, "0")}`;
  return `${out}"`;
}
function encode(value: unknown, style: Style): string {
  const s = style.space;
  if (typeof value === "string") return encodeString(value, style);
  if (Array.isArray(value)) return `[${s}${value.map((v) => encode(v, style)).join(`${s},${s}`)}${s}]`;
  if (value !== null && typeof value === "object")
    return `{${s}${Object.entries(value)
      .map(([k, v]) => `${encodeString(k, style)}${s}:${s}${encode(v, style)}`)
      .join(`${s},${s}`)}${s}}`;
  return JSON.stringify(value);
}

const style = fc.record({ escapeAll: fc.boolean(), space: fc.constantFrom("", " ", "\n\t") });
const callDelta = fc.record(
  {
    index: fc.nat(2),
    id: fc.constantFrom("call_1", "call_2", ""),
    type: fc.constant("function"),
    function: fc.record({ name: fc.constantFrom("f", "g"), arguments: awkward }, { requiredKeys: ["arguments"] }),
    // The slot's key elsewhere, after the real one: the last `"arguments":` in the text is not the call's.
    extension: fc.record({ arguments: awkward }),
  },
  { requiredKeys: ["function"] },
);
const delta = fc.oneof(
  fc.record({ tool_calls: fc.array(callDelta, { minLength: 1, maxLength: 2 }) }),
  fc.record({ content: awkward }),
  fc.record({ content: awkward, annotation: fc.record({ content: awkward }) }, { requiredKeys: ["content"] }),
  fc.record({ content: awkward, tool_calls: fc.array(callDelta, { maxLength: 1 }) }),
  fc.record({ content: fc.constant(null), role: fc.constant("assistant") }),
);
const choice = fc.record(
  { index: fc.nat(1), delta, finish_reason: fc.constantFrom(null, "stop", "tool_calls") },
  { requiredKeys: ["delta"] },
);
const chunk = fc.record(
  {
    id: fc.constantFrom("chatcmpl-1", "chatcmpl-2"),
    object: fc.constant("chat.completion.chunk"),
    created: fc.constant(1700000000),
    model: fc.constantFrom("m", "arguments"),
    choices: fc.array(choice, { minLength: 1, maxLength: 2 }),
    usage: fc.constantFrom(undefined, { total_tokens: 3 }),
  },
  { requiredKeys: ["choices"] },
);

// A chunk's text with its keys in a random order.
const shuffledChunk = fc.tuple(chunk, style, fc.nat()).map(([value, s, seed]) => {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  const rotated = [...entries.slice(seed % entries.length), ...entries.slice(0, seed % entries.length)];
  return encode(Object.fromEntries(rotated), s);
});

/** A stream: chunks that each replace the previous chunk's delta string with raw text (valid JSON or not). */
const rawEdits = fc.tuple(
  shuffledChunk,
  fc.array(fc.oneof(awkward, fc.constantFrom('\\"', "\\u00e9", "\\", '"', 'a","x":"b', "\\ud83d\\ude00")), {
    maxLength: 12,
  }),
);

describe("RepeatedChunkParser gives what JSON.parse gives", () => {
  test("for streams of unrelated chunks (shapes, ids, key orders, escapes and whitespace changing)", () => {
    fc.assert(fc.property(fc.array(shuffledChunk, { maxLength: 8 }), expectSameAsJSONParse), { numRuns: 400 });
  });

  test("for chunks that repeat one shape with only the delta string changed", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(chunk, awkward), { minLength: 1, maxLength: 3 }), style, (runs, s) => {
        const texts: string[] = [];
        for (const [value, text] of runs) {
          texts.push(encode(value, s));
          for (const each of [text, "", text.split("").reverse().join("")]) {
            const first: { tool_calls?: { function: { arguments: string } }[]; content?: string | null } =
              value.choices[0]!.delta;
            if (first.tool_calls?.length === 1) first.tool_calls[0]!.function.arguments = each;
            else if (typeof first.content === "string") first.content = each;
            texts.push(encode(value, s));
          }
        }
        expectSameAsJSONParse(texts);
      }),
      { numRuns: 400 },
    );
  });

  test("for raw text spliced into the delta string's place, valid or not", () => {
    fc.assert(
      fc.property(rawEdits, ([text, bodies]) => {
        const marker = text.lastIndexOf('"arguments":') >= 0 ? '"arguments":' : '"content":';
        const at = text.lastIndexOf(marker);
        if (at < 0) return;
        const start = text.indexOf('"', at + marker.length) + 1;
        let end = start;
        while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
        expectSameAsJSONParse([text, ...bodies.map((body) => text.slice(0, start) + body + text.slice(end))]);
      }),
      { numRuns: 600 },
    );
  });
});

describe("RepeatedChunkParser", () => {
  const chunkText = (args: string, key = "arguments"): string =>
    `{"id":"c","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"${key}":${JSON.stringify(args)}}}]}}]}`;

  test("reuses the previous parse for a chunk that differs only in the arguments, with the new arguments in it", () => {
    const parser = new RepeatedChunkParser(slot);
    parser.parse(chunkText('{"a'));
    const second = parser.parse(chunkText('":1'));
    const third = parser.parse(chunkText('\\"é\n'));
    expect(third).toBe(second);
    expect(third).toStrictEqual(JSON.parse(chunkText('\\"é\n')));
  });

  test("parses whole a chunk with a duplicate key, where the last value wins", () => {
    const parser = new RepeatedChunkParser(slot);
    const duplicate = (args: string): string =>
      `{"choices":[{"delta":{"tool_calls":[{"function":{"arguments":${JSON.stringify(args)},"arguments":"last"}}]}}]}`;
    for (const args of ["x", "y", "z"])
      expect(parser.parse(duplicate(args))).toStrictEqual(JSON.parse(duplicate(args)));
  });

  test("throws JSON.parse's error for a chunk that only looks like the previous one", () => {
    const parser = new RepeatedChunkParser(slot);
    parser.parse(chunkText("a"));
    parser.parse(chunkText("b"));
    const broken = chunkText("c").replace('"c"', '"c\\"');
    expect(() => parser.parse(broken)).toThrow(SyntaxError);
  });
});
