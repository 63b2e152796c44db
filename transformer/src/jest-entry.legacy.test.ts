import "reflect-metadata";
import { Description, ToolRegistry } from "@tooltype/core";

// Compiled by ts-jest with experimentalDecorators + emitDecoratorMetadata and transformer/dist/cjs/jest.js.
class Inventory {
  /** @param sku the article number */
  @Description("Count the items in stock.")
  count(sku: string, /** @minimum 1 */ warehouse = 1): number {
    return sku.length * warehouse;
  }
}

describe("the ts-jest entry with experimentalDecorators", () => {
  it("injects the same metadata in legacy decorator mode", async () => {
    const tools = new ToolRegistry();
    tools.add(new Inventory());
    expect(tools.get("count").schema).toEqual({
      type: "object",
      properties: {
        sku: { type: "string", description: "the article number" },
        warehouse: { type: "number", minimum: 1, default: 1 },
      },
      required: ["sku"],
      additionalProperties: false,
    });
    expect(await tools.call("count", { sku: "abc", warehouse: 2 })).toEqual({ output: "6", isError: false });
    expect((await tools.call("count", { sku: "abc", warehouse: 0 })).isError).toBe(true);
  });
});
