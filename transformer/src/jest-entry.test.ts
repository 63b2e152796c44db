import { Description, ToolRegistry, defineTool, jsonSchema, type ToolCallContext } from "@tooltype/core";
import ts from "typescript";
import { factory, name, version } from "./jest.js";
import { createVirtualProgram } from "./fixtures/compile.js";

// This file is itself compiled by ts-jest with transformer/dist/cjs/jest.js: the tools below get their
// schemas from the transformer, and the real @tooltype/core registry uses them.

class Weather {
  /**
   * @param location a city name
   * @param unit celsius or fahrenheit
   */
  @Description("Get the current weather.")
  async getWeather(location: string, unit: "c" | "f" = "c", context?: ToolCallContext): Promise<string> {
    return `${location}: 21°${unit}${context ? " (with context)" : ""}`;
  }
}

/** Book a table. */
function book(options: { restaurant: string; at: Date; guests?: number }): string {
  return `${options.restaurant} at ${options.at.toISOString()} for ${options.guests ?? 2}`;
}

describe("the ts-jest entry (this file is transformed by it)", () => {
  it("names itself and versions its output for ts-jest's cache", () => {
    expect(name).toBe("tooltype");
    expect(Number(version)).toBeGreaterThanOrEqual(1);
  });

  it("injects decorator metadata: the registry offers the compile-time schema and runs the call", async () => {
    const tools = new ToolRegistry();
    tools.add(new Weather());
    const tool = tools.get("getWeather");
    expect(tool.description).toBe("Get the current weather.");
    expect(tool.schema).toEqual({
      type: "object",
      properties: {
        location: { type: "string", description: "a city name" },
        unit: { type: "string", enum: ["c", "f"], description: "celsius or fahrenheit", default: "c" },
      },
      required: ["location"],
      additionalProperties: false,
    });
    expect(await tools.call("getWeather", { location: "Lima", unit: "f" })).toMatchObject({
      output: expect.stringMatching(/^Lima: 21°f/),
      isError: false,
    });
    expect((await tools.call("getWeather", { unit: "k" })).isError).toBe(true);
  });

  it("injects function metadata at registry.add: options object and Date revival", async () => {
    const tools = new ToolRegistry();
    tools.add(book);
    expect(tools.get("book").description).toBe("Book a table.");
    expect(await tools.call("book", { restaurant: "Noma", at: "2026-05-01T19:00:00.000Z" })).toEqual({
      output: "Noma at 2026-05-01T19:00:00.000Z for 2",
      isError: false,
    });
  });

  it("injects defineTool and jsonSchema literals", async () => {
    const double = defineTool<{ n: number }>({ name: "double", description: "Double it.", impl: ({ n }) => n * 2 });
    expect(double.schema).toEqual({
      type: "object",
      properties: { n: { type: "number" } },
      required: ["n"],
      additionalProperties: false,
    });
    expect(jsonSchema<"a" | "b">()).toEqual({ type: "string", enum: ["a", "b"] });
  });

  it("throws on tooltype diagnostics with file:line messages", () => {
    const program = createVirtualProgram({
      "bad.ts":
        'import { Description } from "@tooltype/core";\nexport class A {\n  @Description("x")\n  run(cb: () => void) {}\n}\n',
    }).program;
    const before = factory({ program, configSet: { compilerModule: ts } });
    expect(() => program.emit(undefined, () => undefined, undefined, false, { before: [before] })).toThrow(
      /tooltype: 1 error\nbad\.ts:4:7 - error TT9202: tool "run", parameter "cb": type "\(\) => void" cannot cross JSON/,
    );
  });
});
