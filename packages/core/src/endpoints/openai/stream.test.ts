import fc from "fast-check";
import { EndpointError } from "../../errors/endpoint-error.js";
import { ProtocolError } from "../../errors/protocol-error.js";
import type { StreamEvent } from "../stream-event.js";
import { parseOpenAIReply } from "./reply.js";
import { OpenAIStreamAssembler } from "./stream.js";
import { feedSSE, limits } from "../fixtures/endpoint-setup.js";

type Chunk = Record<string, unknown> | string;

/** Feeds SSE text (as bytes, in the given pieces) through the reader and the assembler. */
function assemble(sse: string | Uint8Array[], events: StreamEvent[] = []) {
  const assembler = new OpenAIStreamAssembler(1, (event) => events.push(event));
  feedSSE(sse, (message) => assembler.push(message));
  return parseOpenAIReply(assembler.finish(), limits);
}

const sse = (chunks: Chunk[], done = true) =>
  chunks.map((c) => `data: ${typeof c === "string" ? c : JSON.stringify(c)}\n\n`).join("") +
  (done ? "data: [DONE]\n\n" : "");
const delta = (d: Record<string, unknown>, finish: string | null = null, index = 0) => ({
  choices: [{ index, delta: d, finish_reason: finish }],
});
const call = (fields: Record<string, unknown>) => delta({ tool_calls: [fields] });

describe("OpenAIStreamAssembler (docs/wire-format.md, Streams)", () => {
  it("assembles text and reports it as it arrives", () => {
    const events: StreamEvent[] = [];
    const parsed = assemble(
      sse([
        delta({ role: "assistant", content: "" }),
        delta({ content: "Hel" }),
        delta({ content: "lo" }),
        delta({}, "stop"),
        { choices: [], usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } },
      ]),
      events,
    );
    expect(parsed.choices[0]).toMatchObject({ text: "Hello", finishReason: "stop", toolCalls: [] });
    expect(parsed.usage).toEqual({ promptTokens: 5, completionTokens: 2, totalTokens: 7 });
    expect(events).toEqual([
      { type: "text-delta", round: 1, text: "Hel" },
      { type: "text-delta", round: 1, text: "lo" },
    ]);
  });

  it("keys calls by index (starting at 1, skipping, negative) and emits them in ascending order", () => {
    const parsed = assemble(
      sse([
        call({ index: 5, id: "c5", type: "function", function: { name: "b", arguments: "" } }),
        call({ index: 1, id: "c1", type: "function", function: { name: "a", arguments: '{"x"' } }),
        call({ index: -2, id: "cm", function: { name: "z", arguments: "{}" } }),
        call({ index: 5, function: { arguments: '{"y":2}' } }),
        delta({ tool_calls: [{ index: 1, function: { arguments: ":1}" } }] }, "tool_calls"),
      ]),
    );
    expect(parsed.choices[0]!.toolCalls.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ["cm", "z", {}],
      ["c1", "a", { x: 1 }],
      ["c5", "b", { y: 2 }],
    ]);
  });

  it("takes id, name and type from their first non-empty value; repeats and empty names are ignored", () => {
    const parsed = assemble(
      sse([
        call({ index: 0, id: "", function: { name: "", arguments: "" } }),
        call({ index: 0, id: "call_1", type: "function", function: { name: "getWeather", arguments: '{"lo' } }),
        call({ index: 0, id: "call_1", type: "function", function: { name: "getWeather", arguments: 'cation":' } }),
        call({ index: 0, id: "call_other", function: { name: "", arguments: '"Paris"}' } }),
        delta({}, "tool_calls"),
      ]),
    );
    expect(parsed.choices[0]!.toolCalls).toEqual([
      {
        id: "call_1",
        type: "function",
        name: "getWeather",
        arguments: { location: "Paris" },
        rawArguments: '{"location":"Paris"}',
      },
    ]);
  });

  it("starts a new call for an index-less delta with a different id (Gemini), else continues the current one", () => {
    const events: StreamEvent[] = [];
    const parsed = assemble(
      sse([
        call({
          id: "g1",
          type: "function",
          function: { name: "a", arguments: '{"n":1}' },
          extra_content: { google: { thought_signature: "s1" } },
        }),
        call({ id: "g2", type: "function", function: { name: "b", arguments: '{"n":' } }),
        call({ function: { arguments: "2}" } }),
        delta({}, "stop"),
      ]),
      events,
    );
    const calls = parsed.choices[0]!.toolCalls;
    expect(calls.map((c) => [c.id, c.name, c.arguments])).toEqual([
      ["g1", "a", { n: 1 }],
      ["g2", "b", { n: 2 }],
    ]);
    expect(calls[0]!.extra).toEqual({ extra_content: { google: { thought_signature: "s1" } } });
    expect(
      events
        .filter((e) => e.type === "tool-call-delta")
        .map((e) => e.type === "tool-call-delta" && [e.index, e.id, e.argumentsDelta]),
    ).toEqual([
      [0, "g1", '{"n":1}'],
      [1, "g2", '{"n":'],
      [1, "g2", "2}"],
    ]);
  });

  it("accepts choices: [] chunks, tool_calls: [], comments, data: without a space, CRLF, and arguments sharing the finish chunk", () => {
    const text = [
      ": keep-alive",
      "",
      `data:${JSON.stringify({ choices: [], prompt_filter_results: [] })}`,
      "",
      `data: ${JSON.stringify(delta({ content: "Hi", tool_calls: [] }))}`,
      "",
      `data: ${JSON.stringify(call({ index: 0, id: "c", function: { name: "f", arguments: '{"a":' } }))}`,
      "",
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: "1}" } }] }, finish_reason: "tool_calls" }] })}`,
      "",
      "data: [DONE]",
      "",
      "",
    ].join("\r\n");
    const parsed = assemble(text);
    expect(parsed.choices[0]).toMatchObject({
      text: "Hi",
      finishReason: "tool_calls",
      toolCalls: [{ id: "c", arguments: { a: 1 } }],
    });
  });

  it("treats a stream with a finish_reason but no [DONE] as complete", () => {
    expect(assemble(sse([delta({ content: "ok" }, "stop")], false)).choices[0]!.text).toBe("ok");
  });

  it("fails a stream that ended before any finish_reason and without [DONE]: it was cut", () => {
    expect(() =>
      assemble(sse([call({ index: 0, id: "c", function: { name: "f", arguments: '{"a":' } })], false)),
    ).toThrow(ProtocolError);
    expect(() => assemble(sse([delta({ content: "Hel" })], false))).toThrow(/cut/);
  });

  it("fails on a chunk that is not JSON, and on an error event mid-stream", () => {
    expect(() => assemble("data: {not json\n\n")).toThrow(ProtocolError);
    expect(() => assemble(sse([delta({ content: "a" }), { error: { message: "backend crashed" } }]))).toThrow(
      EndpointError,
    );
    expect(() => assemble('event: error\ndata: {"message":"overloaded"}\n\n')).toThrow(/overloaded/);
    // An error event whose data is not JSON is still the server's error, quoted.
    expect(() => assemble("event: error\ndata: backend down\n\n")).toThrow(EndpointError);
    expect(() => assemble("event: error\ndata: backend down\n\n")).toThrow(/backend down/);
  });

  it("keeps every choice of a stream apart, and reports deltas of the first only", () => {
    const events: StreamEvent[] = [];
    const parsed = assemble(
      sse([
        delta({ content: "a" }, null, 0),
        delta({ content: "b" }, null, 1),
        delta({}, "stop", 0),
        delta({}, "length", 1),
      ]),
      events,
    );
    expect(parsed.choices.map((c) => [c.text, c.finishReason])).toEqual([
      ["a", "stop"],
      ["b", "length"],
    ]);
    expect(events).toEqual([{ type: "text-delta", round: 1, text: "a" }]);
  });

  it("reads custom tool input streamed in pieces", () => {
    const parsed = assemble(
      sse([
        call({ index: 0, id: "c", type: "custom", custom: { name: "patch", input: "*** Begin" } }),
        call({ index: 0, custom: { input: " Patch" } }),
        delta({}, "tool_calls"),
      ]),
    );
    expect(parsed.choices[0]!.toolCalls).toEqual([
      { id: "c", type: "custom", name: "patch", arguments: {}, rawArguments: "*** Begin Patch" },
    ]);
  });

  describe("properties", () => {
    const argsObject = fc.dictionary(fc.string({ unit: "grapheme", maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), {
      maxKeys: 4,
    });
    const reply = fc.record({
      text: fc.string({ unit: "grapheme", maxLength: 30 }),
      calls: fc.array(fc.record({ name: fc.constantFrom("a", "b", "ünï"), args: argsObject }), { maxLength: 4 }),
    });

    /** A stream of a reply, each text and arguments cut into pieces at the given positions. */
    function render(
      r: { text: string; calls: { name: string; args: Record<string, unknown> }[] },
      cuts: number[],
      crlf: boolean,
      space: boolean,
    ): string {
      const pieces = (s: string): string[] => {
        const chars = [...s];
        const at = [...new Set(cuts.map((c) => c % (chars.length + 1)))].sort((x, y) => x - y);
        const out: string[] = [];
        let last = 0;
        for (const p of [...at, chars.length])
          if (p > last) {
            out.push(chars.slice(last, p).join(""));
            last = p;
          }
        return out;
      };
      const chunks: Chunk[] = [delta({ role: "assistant", content: "" })];
      for (const piece of pieces(r.text)) chunks.push(delta({ content: piece }));
      r.calls.forEach((c, i) => {
        chunks.push(call({ index: i, id: `call_${i}`, type: "function", function: { name: c.name, arguments: "" } }));
        for (const piece of pieces(JSON.stringify(c.args)))
          chunks.push(call({ index: i, function: { arguments: piece } }));
      });
      chunks.push(delta({}, r.calls.length > 0 ? "tool_calls" : "stop"));
      const nl = crlf ? "\r\n" : "\n";
      return (
        chunks.map((c) => `data:${space ? " " : ""}${JSON.stringify(c)}${nl}${nl}`).join("") + `data: [DONE]${nl}${nl}`
      );
    }

    it("any split of a valid stream into byte pieces assembles to the same text and calls", () => {
      fc.assert(
        fc.property(
          reply,
          fc.array(fc.nat(), { maxLength: 5 }),
          fc.boolean(),
          fc.boolean(),
          fc.array(fc.nat(), { maxLength: 12 }),
          (r, cuts, crlf, space, byteCuts) => {
            const bytes = new TextEncoder().encode(render(r, cuts, crlf, space));
            const at = [...new Set(byteCuts.map((c) => c % (bytes.length + 1)))].sort((x, y) => x - y);
            const split: Uint8Array[] = [];
            let last = 0;
            for (const p of [...at, bytes.length]) {
              split.push(bytes.subarray(last, p));
              last = p;
            }
            const parsed = assemble(split);
            const choice = parsed.choices[0]!;
            expect(choice.text).toBe(r.text.trim() === "" ? null : r.text);
            expect(choice.toolCalls.map((c) => [c.id, c.name, c.arguments])).toEqual(
              r.calls.map((c, i) => [`call_${i}`, c.name, JSON.parse(JSON.stringify(c.args))]),
            );
          },
        ),
      );
    });

    it("any stream cut before its finish chunk fails instead of yielding a partial reply", () => {
      fc.assert(
        fc.property(reply, fc.nat(), (r, cut) => {
          const text = render(r, [3], false, true);
          const finishAt = text.indexOf('"finish_reason":"');
          fc.pre(finishAt > 0);
          const prefix = text.slice(0, cut % finishAt);
          expect(() => assemble(prefix)).toThrow();
        }),
      );
    });
  });
});
