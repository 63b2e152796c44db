import { describeSource } from "../fixtures/describe.js";

// A type that cannot cross JSON is a compile error naming file:line:col, the tool and the parameter
// (and the path inside it): nothing is silently dropped or widened.
const notJson: Array<{ type: string; message: RegExp; before?: string }> = [
  {
    type: "() => void",
    message: /parameter "x": type "\(\) => void" cannot cross JSON \(a function is code, not data\)/,
  },
  { type: "symbol", message: /parameter "x": type "symbol" cannot cross JSON \(symbols do not serialise\)/ },
  {
    type: "Map<string, number>",
    message:
      /parameter "x": type "Map<string, number>" cannot cross JSON \(a Map does not serialise to JSON\); take a Record<string, T>/,
  },
  {
    type: "Set<string>",
    message: /parameter "x": type "Set<string>" cannot cross JSON \(a Set does not serialise to JSON\); take an array/,
  },
  {
    type: "Promise<string>",
    message: /parameter "x": type "Promise<string>" cannot cross JSON \(a Promise does not serialise/,
  },
  { type: "bigint", message: /parameter "x": type "bigint" cannot cross JSON \(JSON numbers are not bigints\)/ },
  { type: "void", message: /parameter "x": type "void" cannot cross JSON/ },
  { type: "Uint8Array", message: /parameter "x": type "Uint8Array.*" cannot cross JSON/ },
  {
    type: "Runner",
    before: "class Runner { run(): void {} }",
    message: /parameter "x": type "Runner" cannot cross JSON \(a class with no data properties has nothing to send\)/,
  },
  {
    type: "{ name: string; done: (ok: boolean) => void }",
    message: /parameter "x" \(at x\.done\): type "\(ok: boolean\) => void" cannot cross JSON/,
  },
  {
    type: "{ log(): void }",
    message: /parameter "x" \(at x\.log\): type "\(\) => void" cannot cross JSON \(a method is code, not data\)/,
  },
  { type: "Array<{ at: Map<string, string> }>", message: /parameter "x" \(at x\.\*\.at\): type "Map<string, string>"/ },
];

describe("types that cannot cross JSON", () => {
  for (const { type, message, before } of notJson) {
    it(`${type} is an error at the parameter`, () => {
      const source = `${before ?? ""}\nexport function tool(id: string, x: ${type}) {}`;
      const { metadata, errors } = describeSource(source);
      expect(metadata).toBeUndefined();
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/^tools\.ts:2:34 - error TT9202: tool "tool", /);
      expect(errors[0]).toMatch(message);
    });
  }

  it("the lone object parameter's property is named by its path", () => {
    const { errors } = describeSource("export function tool(options: { when: Date; then: () => void }) {}");
    expect(errors).toEqual([
      expect.stringMatching(
        /^tools\.ts:1:22 - error TT9202: tool "tool", parameter "options" \(at then\): type "\(\) => void" cannot cross JSON/,
      ),
    ]);
  });

  it("every bad parameter is reported, each at its own line", () => {
    const { errors } = describeSource(
      "export function tool(\n  a: symbol,\n  b: string,\n  c: WeakMap<object, string>,\n) {}",
    );
    expect(errors.map((line) => line.split(" - ")[0])).toEqual(["tools.ts:2:3", "tools.ts:4:3"]);
  });
});

describe("other diagnostics", () => {
  it("an unresolved generic", () => {
    const { errors } = describeSource("export function tool<T>(value: T) {}");
    expect(errors).toEqual([
      'tools.ts:1:25 - error TT9203: tool "tool", parameter "value": generic type "T" is not resolved here; call it with a concrete type (a schema is built at compile time)',
    ]);
  });

  it("a rest parameter", () => {
    const { errors } = describeSource("export function tool(...ids: string[]) {}");
    expect(errors).toEqual([
      'tools.ts:1:22 - error TT9206: tool "tool", parameter "ids": a rest parameter cannot be filled from one arguments object; take an array parameter instead',
    ]);
  });

  it("a constraint tag whose value cannot be read", () => {
    const { errors } = describeSource("export function tool(options: {\n  /** @minimum lots */\n  n: number;\n}) {}");
    expect(errors).toEqual([
      'tools.ts:1:22 - error TT9209: tool "tool", parameter "options" (at n): @minimum "lots" is not a number; write e.g. @minimum 0.5',
    ]);
  });

  it("@integer on a string", () => {
    const { errors } = describeSource("export function tool(/** @integer */ s: string) {}");
    expect(errors[0]).toMatch(
      /TT9209: tool "tool", parameter "s": @integer "" is not applicable: @integer needs a number type/,
    );
  });

  it("a return type that cannot cross JSON is no error: returns is left out", () => {
    const { metadata, errors } = describeSource("export function tool(): Map<string, number> { return new Map(); }");
    expect(errors).toEqual([]);
    expect(metadata?.returns).toBeUndefined();
  });
});
