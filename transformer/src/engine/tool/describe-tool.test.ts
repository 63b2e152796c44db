import { createAjv } from "../../fixtures/ajv.js";
import ts from "typescript";
import { createVirtualProgram, projectRoot } from "../../fixtures/compile.js";
import { describeSource, findDeclaration } from "../../fixtures/describe.js";
import { describeTool } from "./describe-tool.js";
import type { ToolMetadata } from "../types.js";

function describeOk(source: string, name = "tool"): ToolMetadata {
  const { metadata, errors } = describeSource(source, name);
  expect(errors).toEqual([]);
  return metadata!;
}

function accepts(metadata: ToolMetadata, value: unknown): boolean {
  return createAjv().compile(metadata.schema as object)(value) as boolean;
}

describe("describeTool: one property per parameter", () => {
  const source = `
/**
 * Get the current weather for a location.
 * @param location a city name
 * @param unit - celsius or fahrenheit
 */
export async function tool(location: string, unit: "c" | "f" = "c", days?: number, note: string | undefined = undefined): Promise<{ temperature: number }> {
  return { temperature: 1 };
}`;

  it("names, describes and requires parameters as declared; literal defaults are recorded", () => {
    const metadata = describeOk(source);
    expect(metadata).toMatchObject({
      v: 1,
      name: "tool",
      description: "Get the current weather for a location.",
      source: "tools.ts#tool",
    });
    expect(metadata.schema).toEqual({
      type: "object",
      properties: {
        location: { type: "string", description: "a city name" },
        unit: { type: "string", enum: ["c", "f"], description: "celsius or fahrenheit", default: "c" },
        days: { type: "number" },
        note: { type: "string" },
      },
      required: ["location"],
      additionalProperties: false,
    });
    expect(metadata.parameters).toEqual([
      { kind: "named", name: "location" },
      { kind: "named", name: "unit" },
      { kind: "named", name: "days" },
      { kind: "named", name: "note" },
    ]);
    expect(accepts(metadata, { location: "Oslo" })).toBe(true);
    expect(accepts(metadata, { location: "Oslo", city: "x" })).toBe(false);
    expect(accepts(metadata, { unit: "c" })).toBe(false);
  });

  it("records the awaited return type, open (a result may carry more than declared)", () => {
    expect(describeOk(source).returns).toEqual({
      type: "object",
      properties: { temperature: { type: "number" } },
      required: ["temperature"],
    });
    expect(describeOk("export function tool(): void {}").returns).toBeUndefined();
    expect(describeOk("export function tool(): () => void { return () => {}; }").returns).toBeUndefined();
  });

  it("names destructured parameters among several by position", () => {
    const metadata = describeOk(
      "export function tool(id: string, { a, b }: { a: number; b: string }, [x]: [boolean]) {}",
    );
    expect(Object.keys((metadata.schema as { properties: object }).properties)).toEqual(["id", "param1", "param2"]);
    expect(metadata.parameters).toEqual([
      { kind: "named", name: "id" },
      { kind: "named", name: "param1" },
      { kind: "named", name: "param2" },
    ]);
  });

  it("takes no arguments when there are no parameters, and ignores a `this` parameter", () => {
    const empty = { type: "object", properties: {}, additionalProperties: false };
    expect(describeOk("export function tool() {}").schema).toEqual(empty);
    expect(describeOk("export function tool(this: { n: number }) {}").schema).toEqual(empty);
  });

  it("reads inline JSDoc tags on a parameter", () => {
    const metadata = describeOk(
      "export function tool(/** @minimum 1 */ count: number, /** @integer */ page: number) {}",
    );
    expect(accepts(metadata, { count: 1, page: 2 })).toBe(true);
    expect(accepts(metadata, { count: 0, page: 2 })).toBe(false);
    expect(accepts(metadata, { count: 1, page: 2.5 })).toBe(false);
  });

  it("describes methods (source Class.method) and arrow functions held in a const (name and JSDoc from the const)", () => {
    const method = describeOk(
      "export class Shop {\n  /** Find a product. */\n  find(query: string) { return []; }\n}",
      "find",
    );
    expect(method).toMatchObject({ name: "find", description: "Find a product.", source: "tools.ts#Shop.find" });
    const arrow = describeOk("/** Add two numbers. */\nexport const add = (a: number, b: number) => a + b;", "add");
    expect(arrow).toMatchObject({
      name: "add",
      description: "Add two numbers.",
      source: "tools.ts#add",
      returns: { type: "number" },
    });
  });

  it("records Date paths for revival", () => {
    const metadata = describeOk("export function tool(when: Date, slots: { from: Date }[]) {}");
    expect(metadata.dates).toEqual([["when"], ["slots", "*", "from"]]);
  });
});

describe("describeTool: the options-object convention", () => {
  it("a lone object parameter's properties are the tool's parameters (binding: the whole arguments)", () => {
    const metadata = describeOk(`
interface Search {
  /** What to look for. */
  query: string;
  limit?: number;
  since?: Date;
}
export function tool(options: Search) {}`);
    expect(metadata.parameters).toEqual([{ kind: "arguments" }]);
    expect(metadata.schema).toEqual({
      type: "object",
      properties: {
        query: { type: "string", description: "What to look for." },
        limit: { type: "number" },
        since: { type: "string", format: "date-time" },
      },
      required: ["query"],
      additionalProperties: false,
    });
    expect(metadata.dates).toEqual([["since"]]);
  });

  it("a destructured lone parameter too, with its literal defaults", () => {
    const metadata = describeOk("export function tool({ city, days = 3 }: { city: string; days?: number }) {}");
    expect(metadata.parameters).toEqual([{ kind: "arguments" }]);
    expect((metadata.schema as { properties: object }).properties).toEqual({
      city: { type: "string" },
      days: { type: "number", default: 3 },
    });
  });

  it("@param options.name describes a property that has no JSDoc of its own", () => {
    const metadata = describeOk(`
/**
 * Find flights.
 * @param options.from departure airport
 * @param options.to - arrival airport
 */
export function tool(options: {
  from: string;
  /** The destination. */
  to: string;
}) {}`);
    expect((metadata.schema as { properties: object }).properties).toEqual({
      from: { type: "string", description: "departure airport" },
      to: { type: "string", description: "The destination." },
    });
  });

  it("an optional lone object qualifies only when all its properties are optional", () => {
    expect(describeOk("export function tool(filter: { tag?: string } = {}) {}").parameters).toEqual([
      { kind: "arguments" },
    ]);
    expect(describeOk("export function tool(filter?: { tag: string }) {}").parameters).toEqual([
      { kind: "named", name: "filter" },
    ]);
  });

  it("not for an array, a Date, a union or a Record", () => {
    for (const type of ["string[]", "Date", "{ a: string } | { b: string }", "Record<string, number>"]) {
      expect(describeOk(`export function tool(value: ${type}) {}`).parameters).toEqual([
        { kind: "named", name: "value" },
      ]);
    }
  });

  it("ToolCallContext parameters are bound to the context and left out of the schema", () => {
    const metadata = describeOk(`
import type { ToolCallContext } from "@tooltype/core";
export function tool(options: { q: string }, context: ToolCallContext<{ user: string }>) {}`);
    expect(metadata.parameters).toEqual([{ kind: "arguments" }, { kind: "context" }]);
    expect(metadata.schema).toEqual({
      type: "object",
      properties: { q: { type: "string" } },
      required: ["q"],
      additionalProperties: false,
    });
    const named = describeOk(`
import type { ToolCallContext } from "@tooltype/core";
export function tool(ctx: ToolCallContext, a: string, b?: number) {}`);
    expect(named.parameters).toEqual([{ kind: "context" }, { kind: "named", name: "a" }, { kind: "named", name: "b" }]);
  });

  it("a lone JSONValue parameter receives the whole arguments; among several it is a named member", () => {
    const lone = describeOk(
      'import type { JSONValue } from "@tooltype/core";\nexport function tool(args: JSONValue) {}',
    );
    expect(lone.parameters).toEqual([{ kind: "arguments" }]);
    expect(lone.schema).toEqual({ type: "object" });
    const among = describeOk(
      'import type { JSONValue } from "@tooltype/core";\nexport function tool(key: string, value: JSONValue) {}',
    );
    expect(among.parameters).toEqual([
      { kind: "named", name: "key" },
      { kind: "named", name: "value" },
    ]);
    expect((among.schema as { properties: Record<string, unknown> }).properties.value).toEqual({});
  });
});

describe("describeTool: descriptions", () => {
  const source = `
/** Adds two numbers. */
export function add(a: number, b: number): number { return a + b; }`;

  function describedWith(description: string | undefined): string | undefined {
    const program = createVirtualProgram({ "tools.ts": source });
    const declaration = findDeclaration(program.file("tools.ts"), "add");
    return describeTool(ts, program.checker, declaration, { description, sourceRoot: projectRoot }).metadata
      ?.description;
  }

  it("takes the @Description text over the JSDoc summary", () => {
    expect(describedWith("Sum of a and b.")).toBe("Sum of a and b.");
  });

  it("falls back to the JSDoc summary without a text, or with an empty one", () => {
    expect(describedWith(undefined)).toBe("Adds two numbers.");
    expect(describedWith("")).toBe("Adds two numbers.");
  });
});

describe("describeTool: names", () => {
  it("a name providers refuse is a diagnostic at the name; an explicit name is checked instead", () => {
    const { metadata, errors } = describeSource("export function $lookup(id: string) {}", "$lookup");
    expect(metadata).toBeUndefined();
    expect(errors).toEqual([
      'tools.ts:1:17 - error TT9201: tool name "$lookup" is not accepted by model providers (letters, digits, _ and -, at most 64); rename it or pass { name: "…" }',
    ]);
  });

  it("is deterministic: the same source twice gives byte-identical metadata", () => {
    const source =
      'interface B { z: number; a: string }\ntype U = "q" | "b";\nexport function tool(b: B, u: U, t: { next?: B[]; u?: U }) {}';
    expect(JSON.stringify(describeSource(source).metadata)).toBe(JSON.stringify(describeSource(source).metadata));
  });
});
