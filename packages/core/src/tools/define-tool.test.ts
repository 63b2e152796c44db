import {
  ToolRegistry,
  TooltypeError,
  defineTool,
  jsonSchema,
  registerOutputSchema,
  type JSONSchema,
} from "@tooltype/core";
import { assertOutputSchemaRegistered } from "./output-schema-registry.js";
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

  it("throws TRANSFORMER_REQUIRED without the transformer and without a site id", () => {
    let thrown: unknown;
    try {
      Reflect.apply(jsonSchema, undefined, []);
    } catch (error) {
      thrown = error;
    }
    expect(TooltypeError.isInstance(thrown) && thrown.code).toBe("TRANSFORMER_REQUIRED");
    expect((thrown as Error).message).toContain("jsonSchema<T>() has no schema");
    expect((thrown as Error).message).toContain(
      'give the call a site id, jsonSchema<T>("forecast"), and run `tooltype generate`',
    );
  });

  it("takes the transformer's schema after a site id", () => {
    const schema: JSONSchema = { type: "integer" };
    expect(Reflect.apply(jsonSchema, undefined, ["count", schema])).toBe(schema);
  });
});

describe("jsonSchema with a site id, in sidecar mode", () => {
  // Called through a plain function value, as code built without the transformer calls it.
  const sidecarCall: (id: string) => JSONSchema = (id) => Reflect.apply(jsonSchema, undefined, [id]) as JSONSchema;

  it("returns the schema the sidecar registered under the id", () => {
    const schema: JSONSchema = { type: "object", properties: { city: { type: "string" } } };
    registerOutputSchema("define-tool-test.registered", schema);
    expect(sidecarCall("define-tool-test.registered")).toBe(schema);
  });

  it("fills a call made before the sidecar ran, in place, once the sidecar registers the id", () => {
    const early = sidecarCall("define-tool-test.early");
    expect(() => assertOutputSchemaRegistered(early)).toThrow(
      /jsonSchema<T>\("define-tool-test.early"\) has no schema.*run `tooltype generate` and import the generated sidecar/,
    );
    registerOutputSchema("define-tool-test.early", { type: "array", items: { type: "number" } });
    expect(early).toEqual({ type: "array", items: { type: "number" } });
    expect(() => assertOutputSchemaRegistered(early)).not.toThrow();
  });
});
