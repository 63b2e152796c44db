// The framing must survive any payload, line ending and byte split: checked with
// eventsource-parser, the parser tooltype's clients are tested against.
import { expect, it } from "@jest/globals";
import fc from "fast-check";
import { frameEvent, splitBytes } from "./sse-framing.js";
import { readEvents } from "./fixtures/sse.js";

it("frames an object event as data: JSON and a named one with an event: line", () => {
  expect(frameEvent({ data: { a: 1 } }, "\n")).toBe('data: {"a":1}\n\n');
  expect(frameEvent({ event: "ping", data: { type: "ping" } }, "\r\n")).toBe(
    'event: ping\r\ndata: {"type":"ping"}\r\n\r\n',
  );
  expect(frameEvent({ data: "[DONE]" }, "\n")).toBe("data: [DONE]\n\n");
});

it("completes a raw string without a line break as an event, and keeps one that has it", () => {
  expect(frameEvent(": keep-alive", "\n")).toBe(": keep-alive\n\n");
  expect(frameEvent('data:{"x":1}', "\r\n")).toBe('data:{"x":1}\r\n\r\n');
  expect(frameEvent("data: a\r", "\n")).toBe("data: a\r");
});

it("splits bytes into pieces that join back to the input", () => {
  fc.assert(
    fc.property(fc.uint8Array({ maxLength: 200 }), fc.integer({ min: 1, max: 64 }), (bytes, size) => {
      const pieces = splitBytes(Buffer.from(bytes), size);
      expect(Buffer.concat(pieces)).toEqual(Buffer.from(bytes));
      expect(pieces.every((piece) => piece.length >= 1 && piece.length <= size)).toBe(true);
    }),
  );
});

it("delivers any payload intact, with LF or CRLF, split anywhere", () => {
  const event = fc.record({
    event: fc.option(fc.stringMatching(/^[a-z_]{1,12}$/), { nil: undefined }),
    data: fc.string({ unit: "binary", maxLength: 40 }),
  });
  fc.assert(
    fc.property(
      fc.array(event, { minLength: 1, maxLength: 8 }),
      fc.boolean(),
      fc.integer({ min: 1, max: 16 }),
      (events, crlf, size) => {
        const eol = crlf ? "\r\n" : "\n";
        const bytes = Buffer.from(
          events.map((e) => frameEvent(e.event === undefined ? { data: e.data } : e, eol)).join(""),
          "utf8",
        );
        const parsed = readEvents(splitBytes(bytes, size)).events;
        // SSE carries line breaks inside data as "\n", whatever the original break was.
        expect(parsed.map((e) => [e.event, e.data])).toEqual(
          events.map((e) => [e.event, e.data.replace(/\r\n|\r/g, "\n")]),
        );
      },
    ),
  );
});
