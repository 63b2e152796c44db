// The plugin's persistent cache in real esbuild builds (child processes, as a user's build script runs):
// an unchanged tool file is served from the cache, and a changed declaration it depends on is noticed.
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { bundleWithPlugin } from "../sidecar/fixtures/build-ways.js";
import { copyFixture, runBundle, type FixtureCopy } from "../sidecar/fixtures/fixture-project.js";

jest.setTimeout(180_000);

const toolsFile = `import { Description, ToolRegistry } from "@tooltype/core";
import type { Place } from "./place.js";
export class Weather {
  @Description("Forecast for a place.")
  forecast(place: Place): string { return place.city; }
}
export const registry = new ToolRegistry();
registry.add(new Weather());
`;
const entry = `import { registry } from "./src/cached-tools";
process.stdout.write(JSON.stringify(registry.get("forecast").schema));`;

describe("the bundler plugin's cache (node_modules/.cache/tooltype beside the tsconfig)", () => {
  let fixture: FixtureCopy;
  const cacheDirectory = (): string => join(fixture.directory, "node_modules", ".cache", "tooltype");
  beforeAll(() => {
    fixture = copyFixture("plugin-project");
    writeFileSync(join(fixture.directory, "src/cached-tools.ts"), toolsFile);
    writeFileSync(join(fixture.directory, "src/place.ts"), "export interface Place { city: string }\n");
  });
  afterAll(() => fixture.remove());

  it("serves an unchanged tool file from the cache, and recompiles it when a type it imports changes", async () => {
    const first = runBundle<{ properties: object }>(await bundleWithPlugin(fixture.directory, entry, "first"));
    // A single object parameter is the arguments object itself.
    expect(Object.keys(first.properties)).toEqual(["city"]);
    // One entry per file with tool markers (core's sources, reached through `paths`, among them).
    const entries = readdirSync(cacheDirectory()).map((name) => join(cacheDirectory(), name));
    const entryPath = entries.find((path) => readFileSync(path, "utf8").includes("Forecast for a place."))!;
    expect(entryPath).toMatch(/[0-9a-f]{40}\.json$/);

    // Marks the stored output: a build that prints the mark read the cache instead of compiling.
    const cached = JSON.parse(readFileSync(entryPath, "utf8")) as { output: { code: string } };
    cached.output.code = cached.output.code.replace('"Forecast for a place."', '"Served from the cache."');
    writeFileSync(entryPath, JSON.stringify(cached));
    const second = await bundleWithPlugin(fixture.directory, entry, "second");
    expect(readFileSync(second, "utf8")).toContain("Served from the cache.");

    writeFileSync(
      join(fixture.directory, "src/place.ts"),
      "export interface Place { city: string; country: string }\n",
    );
    const third = runBundle<{ properties: object }>(await bundleWithPlugin(fixture.directory, entry, "third"));
    expect(Object.keys(third.properties)).toEqual(["city", "country"]);
    expect(readFileSync(join(fixture.directory, "bundles/third.cjs"), "utf8")).not.toContain("Served from the cache.");
  });
});
