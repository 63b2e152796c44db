// The plugin in a real esbuild build, run in a child process so each build starts from a fresh module cache.
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { bundleWithPlugin } from "../sidecar/fixtures/build-ways.js";
import { copyFixture, runBundle, type FixtureCopy } from "../sidecar/fixtures/fixture-project.js";

jest.setTimeout(120_000);

describe("tooltypePlugin.esbuild()", () => {
  let fixture: FixtureCopy;
  beforeAll(() => {
    fixture = copyFixture("plugin-project");
  });
  afterAll(() => fixture.remove());

  it("bundles an app whose decorators, registry.add(fn) and call-site macros all work without a sidecar", async () => {
    const bundle = await bundleWithPlugin(fixture.directory, 'import "./src/main";', "app");
    const result = runBundle<{ tools: string[]; pointSchema: unknown; answer: number }>(bundle);
    expect(result).toEqual({
      tools: ["hello", "now"],
      pointSchema: {
        type: "object",
        properties: { x: { type: "number" }, y: { type: "number" } },
        required: ["x", "y"],
        additionalProperties: false,
      },
      answer: 42,
    });
  });

  it("fails the build with the transformer's diagnostic (file, line, code, what is wrong)", async () => {
    await expect(bundleWithPlugin(fixture.directory, 'import "./src/broken";', "broken")).rejects.toThrow(
      /src\/broken\.ts:\d+:\d+ - error TT9202: .*callback/,
    );
  });
});
