import type { JSONObject } from "../../json.js";
import { extractQwenCalls } from "./text-calls.js";
import type { ToolSchemas } from "./tool-calls.js";
import { limits } from "../fixtures/endpoint-setup.js";

const schemas: ToolSchemas = new Map([
  [
    "get_weather",
    { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } }, required: ["city"] },
  ],
  [
    "book",
    {
      type: "object",
      properties: {
        zip: { type: "string" },
        nights: { type: "integer" },
        price: { type: "number" },
        breakfast: { type: "boolean" },
        guests: { type: "array", items: { type: "string" } },
        room: { $ref: "#/$defs/Room" },
        notes: { type: "string" },
        level: { enum: [1, 2, 3] },
        until: { anyOf: [{ type: "integer" }, { type: "null" }] },
      },
      $defs: { Room: { type: "object", properties: { beds: { type: "integer" } } } },
    },
  ],
]);

const extract = (text: string, overrides: Partial<typeof limits> = {}) =>
  extractQwenCalls(text, schemas, { ...limits, ...overrides });
const usable = (text: string) => extract(text).calls.map((call) => ({ name: call.name, arguments: call.arguments }));

const xml = (name: string, params: Record<string, string>) =>
  `<tool_call>\n<function=${name}>\n${Object.entries(params)
    .map(([p, v]) => `<parameter=${p}>\n${v}\n</parameter>\n`)
    .join("")}</function>\n</tool_call>`;

describe("Qwen/Hermes calls written as text (docs/wire-format.md)", () => {
  it.each<[string, string, Array<{ name: string; arguments: JSONObject }>]>([
    [
      "Hermes, arguments as an object",
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
      [{ name: "get_weather", arguments: { city: "Paris" } }],
    ],
    [
      "Hermes, arguments as a JSON string",
      '<tool_call>{"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}</tool_call>',
      [{ name: "get_weather", arguments: { city: "Paris" } }],
    ],
    [
      "Hermes, arguments double-encoded",
      '<tool_call>{"name": "get_weather", "arguments": "\\"{\\\\\\"city\\\\\\": \\\\\\"Oslo\\\\\\"}\\""}</tool_call>',
      [{ name: "get_weather", arguments: { city: "Oslo" } }],
    ],
    [
      "Hermes, no arguments",
      '<tool_call>{"name": "get_weather"}</tool_call>',
      [{ name: "get_weather", arguments: {} }],
    ],
    [
      "<function=NAME>{json}</function>, bare",
      '<function=get_weather>{"city": "Rome"}</function>',
      [{ name: "get_weather", arguments: { city: "Rome" } }],
    ],
    [
      "<function=NAME>{json}</function> inside <tool_call>",
      '<tool_call><function=get_weather>{"city": "Rome"}</function></tool_call>',
      [{ name: "get_weather", arguments: { city: "Rome" } }],
    ],
    [
      "Qwen XML",
      xml("get_weather", { city: "Paris", days: "3" }),
      [{ name: "get_weather", arguments: { city: "Paris", days: 3 } }],
    ],
    [
      "Qwen XML without <tool_call>",
      "<function=get_weather>\n<parameter=city>\nBern\n</parameter>\n</function>",
      [{ name: "get_weather", arguments: { city: "Bern" } }],
    ],
    [
      "a missing </tool_call> after complete JSON",
      '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}',
      [{ name: "get_weather", arguments: { city: "Paris" } }],
    ],
    [
      "a missing </parameter> when </function> is there",
      "<tool_call><function=get_weather><parameter=city>\nParis\n<parameter=days>\n2\n</function></tool_call>",
      [{ name: "get_weather", arguments: { city: "Paris", days: 2 } }],
    ],
    [
      "</tool_call> inside a JSON string",
      '<tool_call>{"name": "get_weather", "arguments": {"city": "a</tool_call>b"}}</tool_call>',
      [{ name: "get_weather", arguments: { city: "a</tool_call>b" } }],
    ],
    [
      "two JSON objects in one <tool_call>",
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "A"}}\n{"name": "get_weather", "arguments": {"city": "B"}}\n</tool_call>',
      [
        { name: "get_weather", arguments: { city: "A" } },
        { name: "get_weather", arguments: { city: "B" } },
      ],
    ],
  ])("reads %s", (_, text, calls) => {
    const found = extract(text);
    expect(found.calls.map((call) => ({ name: call.name, arguments: call.arguments }))).toEqual(calls);
    expect(found.calls.every((call) => call.argumentError === undefined && call.type === "function")).toBe(true);
    expect(found.text).toBeNull();
  });

  it("types Qwen XML values from the tool's schema, removing exactly one newline at each end", () => {
    const [call] = usable(
      xml("book", {
        zip: "02134",
        nights: "3",
        price: "99.5",
        breakfast: "true",
        guests: '["Ann", "Bo"]',
        room: '{"beds": 2}',
        notes: "  two spaces, then a blank line \n",
        level: "2",
        until: "null",
        unknown: "42",
      }),
    );
    expect(call!.arguments).toEqual({
      zip: "02134",
      nights: 3,
      price: 99.5,
      breakfast: true,
      guests: ["Ann", "Bo"],
      room: { beds: 2 },
      notes: "  two spaces, then a blank line \n",
      level: 2,
      until: null,
      unknown: "42",
    });
  });

  it("keeps a value that does not decode to the schema's type as a string (validation answers the model)", () => {
    const [call] = extract(
      xml("book", { nights: "three", price: "1e999", breakfast: "1", room: "[1]", level: "12345678901234567890" }),
    ).calls;
    expect(call!.arguments).toEqual({
      nights: "three",
      price: "1e999",
      breakfast: "1",
      room: "[1]",
      level: "12345678901234567890",
    });
    expect(JSON.parse(call!.rawArguments)).toEqual(call!.arguments);
  });

  it("keeps whitespace inside values when the newlines are absent, and a literal null as null", () => {
    const [call] = extract(
      "<function=book><parameter=notes> x </parameter><parameter=nights>null</parameter></function>",
    ).calls;
    expect(call!.arguments).toEqual({ notes: " x ", nights: null });
  });

  it("keeps the text outside the calls, trimmed at both ends, inner whitespace kept", () => {
    const found = extract(`\n Let me check.\n\n${xml("get_weather", { city: "Paris" })}\n\nOne moment.  \n`);
    expect(found.text).toBe("Let me check.\n\n\n\nOne moment.");
    expect(found.calls).toHaveLength(1);
  });

  it("passes text without calls through, trimmed", () => {
    for (const text of [
      "  a < b and <b>bold</b> <tool_cal ",
      "Use <function=NAME> tags like this.",
      "</tool_call> stray",
      "Hello <tool_c",
    ]) {
      expect(extract(text).text).toBe(text.trim());
      expect(extract(text).calls).toEqual([]);
    }
    expect(extract(" \n ").text).toBeNull();
  });

  it("gives every call a unique synthetic id", () => {
    const twice = xml("get_weather", { city: "A" }) + xml("get_weather", { city: "A" });
    const ids = extract(twice).calls.map((call) => call.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^call_[0-9a-f]+$/);
  });

  it("never takes calls from reasoning: <think>…</think>, or everything before a lone </think>", () => {
    const draft = '<tool_call>{"name": "get_weather", "arguments": {"city": "X"}}</tool_call>';
    const lone = extract(`I could call ${draft} first.\n</think>\n\nThe answer is 4.`);
    expect(lone).toMatchObject({ text: "The answer is 4.", calls: [] });
    expect(lone.reasoning).toContain(draft);
    const paired = extract(`<think>maybe ${draft}</think>Sure. ${xml("get_weather", { city: "Y" })}`);
    expect(paired.text).toBe("Sure.");
    expect(paired.reasoning).toBe(`maybe ${draft}`);
    expect(paired.calls.map((call) => call.arguments)).toEqual([{ city: "Y" }]);
  });

  it.each<[string, string, string, string, string?]>([
    ["JSON cut off mid-way", '<tool_call>{"name": "get_weather", "arguments": {"city": "Par', "get_weather", "cut off"],
    [
      "XML cut off inside a value",
      "<tool_call>\n<function=get_weather>\n<parameter=city>\nPar",
      "get_weather",
      "cut off",
    ],
    [
      "XML without </function>",
      "<tool_call><function=get_weather><parameter=city>Paris</parameter></tool_call>",
      "get_weather",
      "</function>",
    ],
    ["a payload that is not JSON", "<tool_call>{name: get_weather}</tool_call>", "", "not valid JSON"],
    [
      "JSON with a < outside a string",
      '<tool_call>{"name": "get_weather", "arguments": {"city": </tool_call>',
      "",
      "not valid",
    ],
    ["an object without a name", '<tool_call>{"arguments": {}}</tool_call>', "", '"name"'],
    [
      "arguments that are not an object",
      '<tool_call>{"name": "get_weather", "arguments": [1]}</tool_call>',
      "get_weather",
      "an array",
      "[1]",
    ],
    ["neither JSON nor <function=…>", "<tool_call>get_weather(city=Paris)</tool_call>", "", "neither"],
    ["an empty block", "<tool_call></tool_call>", "", "empty"],
    [
      "a parameter given twice",
      "<function=get_weather><parameter=city>A</parameter><parameter=city>B</parameter></function>",
      "get_weather",
      "twice",
    ],
    [
      "text between parameters",
      "<function=get_weather><parameter=city>A</parameter> and <parameter=days>1</parameter></function>",
      "get_weather",
      "between",
    ],
  ])(
    "reports %s as an unusable call, never guessing its arguments",
    (...[, text, name, error, raw]: [string, string, string, string, string?]) => {
      const found = extract(`Before. ${text}`);
      expect(found.text).toBe("Before.");
      expect(found.calls).toHaveLength(1);
      // What the model wrote is kept: the block as written, or the arguments as received.
      expect(found.calls[0]).toMatchObject({ name, arguments: null, rawArguments: raw ?? text });
      expect(found.calls[0]!.argumentError).toContain(error);
    },
  );

  it("respects maxToolInput and maxDepth", () => {
    const big = xml("get_weather", { city: "x".repeat(100) });
    expect(extract(big, { maxToolInput: 50 }).calls[0]).toMatchObject({
      arguments: null,
      argumentError: expect.stringContaining("over the limit of 50 bytes"),
    });
    const deep = xml("book", { room: '{"beds": {"a": {"b": 1}}}' });
    expect(extract(deep, { maxDepth: 3 }).calls[0]).toMatchObject({
      arguments: null,
      argumentError: expect.stringContaining("deeper than 3"),
    });
    expect(extract(deep, { maxDepth: 4 }).calls[0]!.arguments).toEqual({ room: { beds: { a: { b: 1 } } } });
    const hermes = '<tool_call>{"name": "get_weather", "arguments": {"a": {"b": 1}}}</tool_call>';
    expect(extract(hermes, { maxDepth: 2 }).calls[0]!.arguments).toEqual({ a: { b: 1 } });
    expect(extract(hermes, { maxDepth: 1 }).calls[0]!.argumentError).toContain("deeper than 1");
  });

  it("lets __proto__ and constructor parameters pollute nothing", () => {
    const [call] = extract(
      '<function=get_weather><parameter=__proto__>{"polluted": true}</parameter><parameter=constructor>1</parameter></function>',
    ).calls;
    expect(Object.keys(call!.arguments!)).toEqual(["__proto__", "constructor"]);
    expect(call!.arguments!.__proto__).toBe('{"polluted": true}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(call!.arguments)).toBe(Object.prototype);
  });
});
