import { ToolRegistry, TooltypeError, defineTool, jsonSchema, type JSONSchema } from "@tooltype/core";
import { toolMetadata } from "./fixtures/tool-metadata.js";

describe("defineTool", () => {
  it("makes a Tool from the injected schema, to add to any registry", async () => {
    const convert = defineTool<{ amount: number; to: string }>(
      { name: "convert", description: "Convert money.", impl: ({ amount, to }) => `${amount * 2} ${to}` },
      toolMetadata("convert", { amount: { type: "number" }, to: { type: "string" } }),
    );
    const tools = new ToolRegistry();
    tools.add(convert);
    expect(await tools.call("convert", { amount: 5, to: "NOK" })).toEqual({ output: "10 NOK", isError: false });
    expect(await tools.call("convert", { amount: "5", to: "NOK" })).toEqual({
      output: JSON.stringify({ error: 'Invalid arguments for convert:\n- amount: must be a number (got "5")' }),
      isError: true,
    });
  });

  it("accepts an explicit schema without the transformer", async () => {
    const tool = defineTool({
      name: "echo",
      description: "Echo.",
      schema: { type: "object", properties: { text: { type: "string" } } },
      impl: (args) => args["text"] ?? "",
    });
    expect(await tool.call({ text: "hi" })).toEqual({ output: "hi", isError: false });
  });

  it("says the transformer is required when there is neither schema nor metadata", () => {
    const call = () => Reflect.apply(defineTool, undefined, [{ name: "x", description: "", impl: () => 1 }]) as unknown;
    expect(call).toThrow(expect.objectContaining({ code: "TRANSFORMER_REQUIRED" }));
    expect(call).toThrow(/needs the tooltype transformer.*Sidecar mode \(`tooltype generate`\) cannot provide them/);
  });
});

describe("jsonSchema", () => {
  it("returns the injected schema", () => {
    const schema: JSONSchema = { type: "string" };
    expect(jsonSchema<string>(schema)).toBe(schema);
  });

  it("throws TRANSFORMER_REQUIRED without the transformer", () => {
    let thrown: unknown;
    try {
      Reflect.apply(jsonSchema, undefined, []);
    } catch (error) {
      thrown = error;
    }
    expect(TooltypeError.isInstance(thrown) && thrown.code).toBe("TRANSFORMER_REQUIRED");
    expect((thrown as Error).message).toContain("jsonSchema<T>() needs the tooltype transformer");
    expect((thrown as Error).message).toContain("Sidecar mode");
  });
});
