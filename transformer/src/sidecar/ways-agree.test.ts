// The "done when": every way into tooltype gives identical schemas. One fixture project
// is built three ways, each bundle run in its own process, and what the registries hold compared.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { bundleEntry, bundleWithPlugin, compileWithTransformer } from "./fixtures/build-ways.js";
import { copyFixture, dumpEntry, runBundle, type FixtureCopy, type RegistryDump } from "./fixtures/fixture-project.js";
import { writeSidecar } from "./generate.js";

// Real builds in child processes on a shared machine: generous time, no timed assertions.
jest.setTimeout(120_000);

const setups = [
  { decorators: "standard decorators", compilerOptions: {}, helper: "__esDecorate(" },
  {
    decorators: "experimentalDecorators (NestJS)",
    compilerOptions: { experimentalDecorators: true },
    helper: "__decorate(",
  },
];

describe.each(setups)(
  "sidecar, transformer and bundler plugin give identical tools, with $decorators",
  ({ compilerOptions, helper }) => {
    let fixture: FixtureCopy;
    const dumps: Record<"sidecar" | "transformer" | "plugin", RegistryDump | undefined> = {
      sidecar: undefined,
      transformer: undefined,
      plugin: undefined,
    };

    beforeAll(() => {
      fixture = copyFixture("tools-project", compilerOptions);
    });
    afterAll(() => fixture.remove());

    it("way 1, the sidecar: tooltype generate, then esbuild with no transformer", async () => {
      const generated = writeSidecar({
        project: fixture.tsconfig,
        outFile: join(fixture.directory, "src/tooltype.generated.ts"),
      });
      expect(generated.messages).toEqual([]);
      const dump = runBundle(
        await bundleEntry(fixture.directory, dumpEntry(["./src/tooltype.generated.ts"], "./src/main.ts"), "sidecar"),
      );
      expect(dump.tools).toHaveLength(6);
      dumps.sidecar = dump;
    });

    it("way 2, the transformer: tsc's compiler API with the TransformerFactory, then esbuild bundles the JavaScript", async () => {
      const compiled = compileWithTransformer(fixture.directory);
      expect(compiled.typeErrors).toEqual([]);
      expect(compiled.diagnostics).toEqual([]);
      expect(readFileSync(join(compiled.outDir, "src/weather.js"), "utf8")).toContain(helper); // the decorator setup took effect
      const dump = runBundle(
        await bundleEntry(fixture.directory, dumpEntry([], "./out-transformer/src/main.js"), "transformer"),
      );
      expect(dump.tools).toHaveLength(6);
      dumps.transformer = dump;
    });

    it("way 3, the bundler plugin: esbuild with tooltypePlugin.esbuild()", async () => {
      const dump = runBundle(await bundleWithPlugin(fixture.directory, dumpEntry([], "./src/main.ts"), "plugin"));
      expect(dump.tools).toHaveLength(6);
      dumps.plugin = dump;
    });

    it("all three registries hold the same names, descriptions, schemas and return schemas, and answer calls alike", () => {
      const { sidecar, transformer, plugin } = dumps;
      expect(sidecar).toBeDefined();
      expect(transformer).toEqual(sidecar);
      expect(plugin).toEqual(sidecar);
      // Not vacuous: the schemas carry what the types and JSDoc say.
      const trip = sidecar!.tools.find((t) => t.name === "plan_trip")!;
      expect(trip.schema).toMatchObject({
        properties: {
          days: { type: "integer", minimum: 1, maximum: 30 },
          leave: { type: "string", format: "date-time" },
        },
        required: ["from", "to", "leave"],
      });
      const folders = sidecar!.tools.find((t) => t.name === "countFolders")!;
      expect(folders.schema).toMatchObject({ $defs: { Folder: { type: "object" } } });
      expect(Object.values(sidecar!.calls).every((call) => !call.isError)).toBe(true);
      // A Date inside the recursive Folder arrives as a Date (a string would make the tool throw).
      expect(sidecar!.calls["countFolders"]).toEqual({ output: "3", isError: false });
      // Typed answers: jsonSchema<T>("id") gives the same schema each way; in sidecar mode the
      // call in weather.ts ran before the sidecar registered "forecast" and was filled in place.
      const outputs = sidecar!.outputs!;
      expect(outputs["forecast"]).toMatchObject({
        type: "object",
        properties: { city: { type: "string" }, days: { type: "array" }, note: { type: "string" } },
        required: ["city", "days"],
      });
      expect(outputs["forecastAgain"]).toEqual(outputs["forecast"]);
      expect(outputs["verdict"]).toMatchObject({ properties: { answer: { enum: ["yes", "no"] } } });
    });
  },
);
