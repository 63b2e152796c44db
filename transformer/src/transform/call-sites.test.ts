import { coreStubFiles } from "../fixtures/core-stub.js";
import { runWithFakeCore } from "../fixtures/run-js.js";
import { transformSources } from "../fixtures/transform.js";

const header =
  'import { ToolRegistry, defineTool, jsonSchema } from "@tooltype/core";\nconst registry = new ToolRegistry();\n';

describe("registry.add(fn)", () => {
  it("injects the function's metadata as the third argument (options kept or padded)", () => {
    const source = `${header}
/** Greet someone. */
function greet(name: string, excited?: boolean) { return "hi " + name; }
const shout = (text: string) => text.toUpperCase();
registry.add(greet);
registry.add(shout, { name: "shout_it" });
registry.add((a: number, b: number) => a + b, { name: "sum" });
registry.add(function $weird(x: string) {}, { name: "weird" });
`;
    const { js, errors } = transformSources({ "tools.ts": source });
    expect(errors).toEqual([]);
    const calls = runWithFakeCore(js["tools.ts"]!).calls.add;
    expect(calls[0]?.[1]).toBeUndefined();
    expect(calls[0]?.[2]).toEqual({
      v: 1,
      name: "greet",
      description: "Greet someone.",
      schema: {
        type: "object",
        properties: { name: { type: "string" }, excited: { type: "boolean" } },
        required: ["name"],
        additionalProperties: false,
      },
      parameters: [
        { kind: "named", name: "name" },
        { kind: "named", name: "excited" },
      ],
      returns: { type: "string" },
      source: "tools.ts#greet",
    });
    expect(calls[1]?.[1]).toEqual({ name: "shout_it" });
    expect(calls[1]?.[2]).toMatchObject({ name: "shout_it", source: "tools.ts#shout" });
    expect(calls[2]?.[2]).toMatchObject({ name: "sum", schema: { required: ["a", "b"] } });
    expect(calls[3]?.[2]).toMatchObject({ name: "weird" });
  });

  it("finds a method passed by reference, and leaves instances, tools and calls with metadata alone", () => {
    const source = `${header}
const meta = {} as import("@tooltype/core").ToolMetadata;
class Maths { static square(n: number) { return n * n; } }
class Service { ping() {} }
registry.add(Maths.square);
registry.add(new Service());
registry.add((x: string) => x, undefined, meta);
`;
    const { js, errors } = transformSources({ "tools.ts": source });
    expect(errors).toEqual([]);
    expect(js["tools.ts"]).toContain("registry.add(new Service());");
    expect(js["tools.ts"]).toContain("registry.add((x) => x, undefined, meta);");
    expect(runWithFakeCore(js["tools.ts"]!).calls.add[0]?.[2]).toMatchObject({
      name: "square",
      source: "tools.ts#Maths.square",
    });
  });

  it("an indirect use, a spread or a function of unknown origin is a compile error; Reflect.apply is a deliberate bypass", () => {
    const source = `${header}
export const register: (fn: () => void) => unknown = registry.add;
declare const fns: [() => void];
registry.add(...fns);
export function addLater(fn: (x: string) => void) { registry.add(fn); }
Reflect.apply(registry.add, registry, [() => 1]);
`;
    expect(transformSources({ "tools.ts": source }).errors).toEqual([
      "tools.ts:4:54 - error TT9204: ToolRegistry.add is used without being called here, so the transformer cannot read the function's parameters; call registry.add(fn) with each function directly",
      "tools.ts:6:14 - error TT9204: registry.add(...list) hides which functions are added; call registry.add(fn) once per function",
      "tools.ts:7:66 - error TT9205: the function passed to registry.add has no declaration the transformer can read (a parameter, a computed value); pass a declared function or an arrow function directly, or use defineTool",
    ]);
  });

  it('reads registry["add"](fn) and a ToolRegistry typed through an alias; leaves other .add calls alone', () => {
    const source = `${header}
type Tools = ToolRegistry;
const alias: Tools = registry;
function one(n: number) { return n; }
function two(s: string) { return s; }
registry["add"](one);
alias.add(two);
new Set<unknown>().add(one);
`;
    const { js, errors } = transformSources({ "tools.ts": source });
    expect(errors).toEqual([]);
    expect(js["tools.ts"]).toContain("new Set().add(one);");
    expect(runWithFakeCore(js["tools.ts"]!).calls.add.map((call) => (call[2] as { name: string }).name)).toEqual([
      "one",
      "two",
    ]);
  });

  it("matches a registry from a second installed copy of @tooltype/core (by declaration, not by module identity)", () => {
    const nestedCore = Object.fromEntries(
      Object.entries(coreStubFiles).map(([path, text]) => [`node_modules/plugin-lib${path}`, text]),
    );
    const source =
      'import { shared } from "plugin-lib";\nfunction shout(text: string) { return text; }\nshared.add(shout);\n';
    const { js, errors } = transformSources({
      ...nestedCore,
      "node_modules/plugin-lib/package.json": JSON.stringify({ name: "plugin-lib", types: "index.d.ts" }),
      "node_modules/plugin-lib/index.d.ts":
        'import { ToolRegistry } from "@tooltype/core";\nexport declare const shared: ToolRegistry;\n',
      "tools.ts": source,
    });
    expect(errors).toEqual([]);
    expect(js["tools.ts"]).toMatch(/shared\.add\(shout, void 0, \{ v: 1, name: "shout",/);
  });

  it("ignores an add method of a class that is not tooltype's ToolRegistry", () => {
    const source =
      "class ToolRegistry { add(x: unknown) { return this; } }\nfunction f(a: string) {}\nnew ToolRegistry().add(f);\n";
    expect(transformSources({ "tools.ts": source }).js["tools.ts"]).toContain("new ToolRegistry().add(f);");
  });
});

describe("defineTool", () => {
  it("with a type argument: its schema, impl's awaited return type", () => {
    const source = `${header}
export const convert = defineTool<{ amount: number; to: "EUR" | "USD" }>({
  name: "convert",
  description: "Convert money.",
  impl: async ({ amount, to }) => ({ value: amount, currency: to }),
});`;
    const { js, errors } = transformSources({ "tools.ts": source });
    expect(errors).toEqual([]);
    const [call] = runWithFakeCore(js["tools.ts"]!).calls.defineTool;
    expect(call?.[1]).toEqual({
      v: 1,
      name: "convert",
      description: "Convert money.",
      schema: {
        type: "object",
        properties: { amount: { type: "number" }, to: { type: "string", enum: ["EUR", "USD"] } },
        required: ["amount", "to"],
        additionalProperties: false,
      },
      parameters: [{ kind: "arguments" }],
      returns: {
        type: "object",
        properties: { value: { type: "number" }, currency: { type: "string", enum: ["EUR", "USD"] } },
        required: ["value", "currency"],
      },
      source: "tools.ts#convert",
    });
  });

  it("without one: the type of impl's first parameter (none: no arguments)", () => {
    const source = `${header}
export const a = defineTool({ name: "a", impl: (args: { when: Date }) => 1 });
export const b = defineTool({ name: "b", impl() { return "x"; } });`;
    const calls = runWithFakeCore(transformSources({ "tools.ts": source }).js["tools.ts"]!).calls.defineTool;
    expect(calls[0]?.[1]).toMatchObject({
      schema: { properties: { when: { type: "string", format: "date-time" } } },
      dates: [["when"]],
    });
    expect(calls[1]?.[1]).toMatchObject({
      schema: { type: "object", properties: {}, additionalProperties: false },
      returns: { type: "string" },
    });
  });

  it("an unresolved generic, or arguments that are not an object, is a compile error", () => {
    const source = `${header}
export function make<T>() { return defineTool<T>({ name: "g", impl: () => 1 }); }
export const s = defineTool<string>({ name: "s", impl: () => 1 });`;
    expect(transformSources({ "tools.ts": source }).errors).toEqual([
      'tools.ts:4:47 - error TT9203: tool "g", parameter "args": generic type "T" is not resolved here; call it with a concrete type (a schema is built at compile time)',
      'tools.ts:5:29 - error TT9208: tool "s", parameter "args": tool arguments are always an object, not "string"; describe them as an interface or type literal',
    ]);
  });
});

describe("jsonSchema<T>()", () => {
  it("becomes jsonSchema(schemaLiteral)", () => {
    const source = `${header}
interface Point { x: number; y: number }
export const schema = jsonSchema<Point>();
export const odd = jsonSchema<{ __proto__: string }>();`;
    const { js, errors } = transformSources({ "tools.ts": source });
    expect(errors).toEqual([]);
    expect(js["tools.ts"]).toContain(
      '(0, core_1.jsonSchema)({ type: "object", properties: { x: { type: "number" }, y: { type: "number" } }, required: ["x", "y"], additionalProperties: false })',
    );
    const { exports } = runWithFakeCore(js["tools.ts"]!);
    const odd = exports.odd as { properties: object };
    expect(Object.keys(odd.properties)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(odd.properties)).toBe(Object.prototype);
  });

  it("with a site id becomes jsonSchema(id, schemaLiteral); a schema of the caller's own is left alone", () => {
    const source = `${header}
export const point = jsonSchema<{ x: number }>("point");
export const own = jsonSchema<{ x: number }>({ type: "object" });`;
    const { js, errors } = transformSources({ "tools.ts": source });
    expect(errors).toEqual([]);
    expect(js["tools.ts"]).toContain(
      '(0, core_1.jsonSchema)("point", { type: "object", properties: { x: { type: "number" } }, required: ["x"], additionalProperties: false })',
    );
    expect(runWithFakeCore(js["tools.ts"]!).calls.jsonSchema).toEqual([
      ["point", expect.objectContaining({ required: ["x"] })],
      [{ type: "object" }],
    ]);
  });

  it("appends the paths of the type's Dates after the schema, and none for strings with @format date-time", () => {
    const source = `${header}
interface Stamped { at: Date; log: { when: Date }[]; /** @format date-time */ written: string }
export const stamped = jsonSchema<Stamped>();
export const named = jsonSchema<Date[]>("dates");
export const plain = jsonSchema<{ /** @format date-time */ written: string }>();`;
    const { js, errors } = transformSources({ "tools.ts": source });
    expect(errors).toEqual([]);
    const calls = runWithFakeCore(js["tools.ts"]!).calls.jsonSchema;
    expect(calls[0]).toEqual([
      expect.objectContaining({ required: ["at", "log", "written"] }),
      [["at"], ["log", "*", "when"]],
    ]);
    expect(calls[1]).toEqual(["dates", { type: "array", items: { type: "string", format: "date-time" } }, [["*"]]]);
    expect(calls[2]).toHaveLength(1);
  });

  it("without a type argument, or with an unresolved one, is a compile error", () => {
    const source = `${header}
export const none = jsonSchema();
export function generic<T>() { return jsonSchema<T>(); }
export const fn = jsonSchema<{ f: () => void }>();`;
    expect(transformSources({ "tools.ts": source }).errors).toEqual([
      "tools.ts:4:21 - error TT9207: jsonSchema() needs the type to describe: write jsonSchema<YourType>()",
      'tools.ts:5:50 - error TT9203: jsonSchema<T>(): generic type "T" is not resolved here; call it with a concrete type (a schema is built at compile time)',
      'tools.ts:6:30 - error TT9202: jsonSchema<{ f: () => void }>() (at f): type "() => void" cannot cross JSON (a function is code, not data); take the data the function would need instead',
    ]);
  });
});
