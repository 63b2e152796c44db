import fc from "fast-check";
import { defineTool } from "@tooltype/core";
import { registryName } from "./tool-name-mapping.js";

describe("registryName", () => {
  it("keeps valid names and prefixes them", () => {
    expect(registryName("search")).toBe("search");
    expect(registryName("search", "github_")).toBe("github_search");
  });

  it("maps characters providers refuse to _ and cuts at 64", () => {
    expect(registryName("files/read.v2")).toBe("files_read_v2");
    expect(registryName("x".repeat(128))).toHaveLength(64);
  });

  it("always gives a name tooltype accepts", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 130 }), fc.string({ maxLength: 10 }), (name, prefix) => {
        const named = registryName(name, prefix);
        expect(defineTool({ name: named, description: "Imported.", impl: () => "ok" }).name).toBe(named);
      }),
    );
  });
});
