import type { JSONObject, JSONSchema } from "../json.js";
import { repairArguments, repairArgumentText, repairArgumentValues, type ArgumentRepair } from "./repair.js";
import { validatorFor } from "./validation.js";

const schema: JSONSchema = {
  type: "object",
  properties: {
    city: { type: "string" },
    zip: { type: "string" },
    days: { type: "integer" },
    km: { type: "number" },
    metric: { type: "boolean" },
    unit: { enum: ["c", "f"] },
    format: { enum: ["markdown", "json", "JSON"] },
    limit: { anyOf: [{ type: "integer" }, { type: "null" }] },
    tags: { type: "array", items: { type: "string" } },
    scores: { type: "array", items: { type: "number" } },
    where: { $ref: "#/$defs/Point" },
    either: { anyOf: [{ type: "number" }, { type: "string" }] },
    loose: {},
  },
  additionalProperties: false,
  $defs: { Point: { type: "object", properties: { lat: { type: "number" }, lon: { type: "number" } } } },
};
const valid = (args: JSONObject) => validatorFor(schema)(args) === undefined;
const repair = (raw: string, args: JSONObject | null = null) =>
  repairArguments({ arguments: args, rawArguments: raw }, schema, valid, { toolName: "weather" });
const codes = (result: ArgumentRepair | undefined) => result?.repaired.map((r) => r.code);
const text = (raw: string) => {
  const result = repairArgumentText(raw);
  return result.ok ? { value: result.value, codes: result.repaired.map((r) => r.code) } : undefined;
};

describe("repair: text", () => {
  it("removes a markdown fence, with or without prose around it", () => {
    expect(repair('```json\n{"city": "Oslo"}\n```')).toEqual({
      arguments: { city: "Oslo" },
      repaired: [{ code: "fence", message: "removed a markdown code fence around the JSON" }],
    });
    expect(codes(repair('Here you go:\n```\n{"city": "Oslo"}\n```\nAnything else?'))).toEqual(["fence", "prose"]);
  });

  it("removes prose and chat-template tags around exactly one object", () => {
    expect(text('Here are the arguments: {"city": "Oslo"}')).toEqual({ value: { city: "Oslo" }, codes: ["prose"] });
    expect(text('<tool_call>\n{"city": "Oslo"}\n</tool_call><|im_end|>')?.codes).toEqual(["template-tag"]);
  });

  it("removes comments outside strings, leaving // inside a URL alone", () => {
    expect(text('{\n  // where\n  "city": "http://oslo.no", /* km */ "km": 5\n}')).toEqual({
      value: { city: "http://oslo.no", km: 5 },
      codes: ["comment"],
    });
  });

  it("removes trailing commas, outside strings only", () => {
    expect(text('{"city": "a,}", "tags": ["x", "y",],}')).toEqual({
      value: { city: "a,}", tags: ["x", "y"] },
      codes: ["trailing-comma"],
    });
  });

  it("reads Python dicts: single quotes and True/False/None", () => {
    expect(text(`{'city': 'Say "hi"', 'zip': 'it\\'s', 'metric': True, 'limit': None}`)).toEqual({
      value: { city: 'Say "hi"', zip: "it's", metric: true, limit: null },
      codes: ["single-quotes", "python-literal"],
    });
  });

  it("reads typographic quotes used as JSON quotes, and keeps them inside straight-quoted strings", () => {
    expect(text("{“city”: “Oslo”, ‘zip’: ‘0150’}")).toEqual({
      value: { city: "Oslo", zip: "0150" },
      codes: ["typographic-quotes"],
    });
    expect(text('{"city": "“Oslo”", }')?.value).toEqual({ city: "“Oslo”" });
  });

  it("reads a ” as the closing quote of a straight-quoted string when that is the one reading that parses", () => {
    expect(text('{"name": "Ada”, "role": "admin”}')).toEqual({
      value: { name: "Ada", role: "admin" },
      codes: ["typographic-quotes"],
    });
    expect(text('{"city”: "Oslo", "zip": "0150”,}')).toEqual({
      value: { city: "Oslo", zip: "0150" },
      codes: ["trailing-comma", "typographic-quotes"],
    });
    // Where the straight reading parses, the ” is text, as the model wrote it.
    expect(text('{"city": "Oslo”, ",}')?.value).toEqual({ city: "Oslo”, " });
  });

  it("quotes identifier keys, escapes raw newlines and tabs, drops a leading +", () => {
    expect(text('{city: "Oslo\nNorway\t!", km: +5.5}')).toEqual({
      value: { city: "Oslo\nNorway\t!", km: 5.5 },
      codes: ["unquoted-key", "control-character", "plus-sign"],
    });
  });

  it("decodes arguments sent as one JSON string of almost-JSON", () => {
    expect(text(JSON.stringify("{'city': 'Oslo'}"))).toEqual({
      value: { city: "Oslo" },
      codes: ["string-arguments", "single-quotes"],
    });
  });

  it("never guesses: truncated text, several objects, stray quotes, words, odd numbers", () => {
    for (const raw of [
      '{"city": "Oslo"',
      '{"city": "Oslo", "days": 3',
      '{"city": "Osl',
      '{"city": "Oslo"}{"city": "Bergen"}',
      '{"city": "Oslo"}\n{"city": "Bergen"}',
      '[{"city": "Oslo"}]',
      "{'city': 'it's here'}",
      '{"city": "say “yes”, "zip": "1"}', // the ” may pair with the “: not a closer
      '{"city": "a”, ":x": 1}', // the next straight quote could close the string as well
      '{"city": "a”, "zip": "1”', // closed by ”, but the object never is
      "Sure! Here are the arguments.",
      '```json\n{"city": "Oslo"}\n``` and ```json\n{"city": "Rome"}\n```',
      "{city: Oslo}",
      '{"km": 0x10}',
      '{"km": 5km}',
      '{"km": NaN}',
      '{"km": +-5}',
      '{"km": 01}',
      '{"city": undefined}',
      '{"city": "Oslo" /* unclosed',
      '{"a": 1,, "b": 2}',
      "",
    ]) {
      expect([raw, text(raw)]).toEqual([raw, undefined]);
    }
  });

  it("refuses nesting past maxDepth", () => {
    const deep = "{'a': ".repeat(70) + "1" + "}".repeat(70);
    expect(repairArgumentText(deep, 64).ok).toBe(false);
    expect(repairArgumentText(deep, 80).ok).toBe(true);
  });
});

describe("repair: values the schema wants", () => {
  it("turns strict decimal strings into numbers and true/false into booleans", () => {
    const result = repair("", { days: "3", km: "-2.5e1", metric: "true", limit: "10", where: { lat: "59.9" } });
    expect(result?.arguments).toEqual({ days: 3, km: -25, metric: true, limit: 10, where: { lat: 59.9 } });
    expect(result?.repaired).toContainEqual({
      code: "string-to-number",
      path: "/days",
      message: 'the string "3" became the number 3',
    });
  });

  it("decodes a string holding the object or array the schema wants", () => {
    expect(repair("", { where: '{"lat": 59.9, "lon": "10.7"}', scores: "[1, 2]" })?.arguments).toEqual({
      where: { lat: 59.9, lon: 10.7 },
      scores: [1, 2],
    });
  });

  it("decodes a string spelling a list before any wrapping: JSON, or a Python list of strings and numbers", () => {
    const json = repair("", { tags: '["a-1", "b-2"]' });
    expect(json?.arguments).toEqual({ tags: ["a-1", "b-2"] });
    expect(json?.repaired).toEqual([
      { code: "string-to-json", path: "/tags", message: "the string holding JSON became the array it encodes" },
    ]);
    const python = repair("", { tags: "['urgent', \"it's\", 'a\\'b',]", scores: "[1, -2.5, '3']" });
    expect(python?.arguments).toEqual({ tags: ["urgent", "it's", "a'b"], scores: [1, -2.5, 3] });
    expect(codes(python)).toEqual(["python-list", "python-list", "string-to-number"]);
    for (const tags of ["['a' 'b']", "['a', ['b']]", "['a', None]", "('a', 'b')", "['a\\d']", "['a',,]", "['a'"])
      expect([tags, repair("", { tags })]).toEqual([tags, undefined]);
  });

  it("does not wrap a lone string holding a list separator: one item or several, the model is asked", () => {
    for (const tags of ["Lyon, Nantes", "urgent; billing", "line 1\nline 2"])
      expect([tags, repair("", { tags })]).toEqual([tags, undefined]);
    expect(repair("", { tags: "Lyon-Nantes" })?.arguments).toEqual({ tags: ["Lyon-Nantes"] });
  });

  it("wraps one value where the schema wants an array of its type", () => {
    const result = repair("", { tags: "news", scores: 4 });
    expect(result?.arguments).toEqual({ tags: ["news"], scores: [4] });
    expect(codes(result)).toEqual(["value-to-array", "value-to-array"]);
  });

  it("matches an enum member ignoring case only when exactly one member matches", () => {
    expect(repair("", { unit: "C" })?.arguments).toEqual({ unit: "c" });
    expect(repair("", { format: "Markdown" })?.arguments).toEqual({ format: "markdown" });
    expect(repair("", { format: "Json" })).toBeUndefined(); // "json" and "JSON": two readings
  });

  it("takes the arguments out of a wrapper naming this tool", () => {
    const inside = { city: "Oslo", days: 2 };
    expect(repair("", { name: "weather", arguments: inside })).toEqual({
      arguments: inside,
      repaired: [
        {
          code: "wrapper",
          path: "",
          message: 'took the arguments out of a {"name": "weather", "arguments": …} wrapper',
        },
      ],
    });
    expect(repair("", { parameters: JSON.stringify(inside) })?.arguments).toEqual(inside);
    expect(repair("", { name: "other_tool", arguments: inside })).toBeUndefined();
    expect(repair("", { arguments: inside, city: "Oslo" })).toBeUndefined();
  });

  it("names a repaired place by its JSON Pointer, escaping / and ~ in property names", () => {
    const odd: JSONSchema = { type: "object", properties: { "a/b~c": { type: "number" } } };
    expect(repairArgumentValues({ "a/b~c": "1" }, odd)?.repaired.map((r) => r.path)).toEqual(["/a~1b~0c"]);
  });

  it("leaves strings wherever the schema allows a string, or its type is unknown", () => {
    expect(repairArgumentValues({ zip: "02134", either: "5", loose: "5", unit: "c" }, schema)).toBeUndefined();
  });

  it("never turns null, words, units, separators or non-integers into numbers, nor fixes misspelt enums", () => {
    for (const bad of <JSONObject[]>[
      { days: null },
      { days: "five" },
      { km: "5 km" },
      { km: "1,000" },
      { km: "0x10" },
      { km: " 5" },
      { km: "+5" },
      { km: "Infinity" },
      { days: "2.5" },
      { metric: "yes" },
      { metric: "True" },
      { unit: "celsius" },
      { km: "" },
      { tags: null },
      { scores: "4" },
      { city: ["Oslo"] },
    ]) {
      expect([bad, repair("", bad)]).toEqual([bad, undefined]);
    }
  });

  it("gives up entirely unless the result validates", () => {
    expect(repair("", { days: "3", unit: "kelvin" })).toBeUndefined();
  });

  it("combines text repairs with value repairs", () => {
    expect(repair("```json\n{'days': '3',}\n```")?.arguments).toEqual({ days: 3 });
    expect(codes(repair("<tool_call>{'name': 'weather', 'arguments': {'city': 'Oslo'}}</tool_call>"))).toEqual([
      "template-tag",
      "single-quotes",
      "wrapper",
    ]);
  });
});

describe("repair: the example of docs/repairing-arguments.md", () => {
  it("repairs a Hermes block written as a Python dict, as the docs say", () => {
    const weather: JSONSchema = {
      type: "object",
      properties: { city: { type: "string" }, days: { type: "integer" } },
      required: ["city"],
    };
    const block = "<tool_call>\n{'name': 'getWeather', 'arguments': {'city': 'Oslo', 'days': '3'}}\n</tool_call>";
    const result = repairArguments(
      { arguments: null, rawArguments: block },
      weather,
      (args) => validatorFor(weather)(args) === undefined,
      { toolName: "getWeather" },
    );
    expect(result?.arguments).toEqual({ city: "Oslo", days: 3 });
    expect(codes(result)).toEqual(["template-tag", "single-quotes", "wrapper", "string-to-number"]);
  });
});
