import type { ParameterBinding as CoreBinding, ToolMetadata as CoreMetadata } from "@tooltype/core";
import type { ParameterBinding, ToolMetadata } from "./types.js";

// The transformer mirrors core's metadata types (it cannot depend on core's build). These
// assignments fail to compile, and so fail this test, the day the two shapes drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

describe("ToolMetadata", () => {
  it("is the same shape as @tooltype/core's, both ways", () => {
    const metadata: Same<ToolMetadata, CoreMetadata> = true;
    const binding: Same<ParameterBinding, CoreBinding> = true;
    expect([metadata, binding]).toEqual([true, true]);
  });
});
