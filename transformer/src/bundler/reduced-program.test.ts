// The plugin first compiles a file in a reduced program (no DOM lib, no @types globals) and again
// in the full one whenever something left out could change the result; either way the output is
// the full program's. The fixture's tsconfig names @types/node and takes the default lib (with the DOM).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { repositoryRoot } from "../sidecar/fixtures/fixture-project.js";
import { createTempProject, type TempProject } from "../fixtures/temp-project.js";
import { compileFile, type CompiledFile } from "./compile-file.js";
import { ProjectProgram } from "./project-program.js";

jest.setTimeout(120_000);

describe("the reduced program and its fallback to the full program", () => {
  let fixture: TempProject;
  const compile = async (name: string, reduce: boolean): Promise<CompiledFile> => {
    // A fresh project each time: one compile never sees the other's program.
    const project = await ProjectProgram.open(join(fixture.directory, "tsconfig.json"));
    const fileName = join(fixture.directory, "src", name);
    return compileFile(project, readFileSync(fileName, "utf8"), fileName, "typescript", undefined, reduce)!;
  };
  const readsNodeTypes = (compiled: CompiledFile) =>
    compiled.dependencies.some((path) => /[\\/]@types[\\/]node[\\/]/.test(path));

  beforeAll(() => {
    fixture = createTempProject({
      "tsconfig.json": JSON.stringify({
        // No lib: the target's default, lib.es2022.full.d.ts, with the DOM.
        compilerOptions: {
          target: "es2022",
          module: "esnext",
          moduleResolution: "bundler",
          strict: true,
          types: ["node"],
          typeRoots: [join(repositoryRoot, "node_modules/@types")],
        },
        include: ["src"],
      }),
      "src/globals.ts": [
        'import { jsonSchema } from "@tooltype/core";',
        "// Types only the DOM lib (RequestCache) and @types/node (NodeJS.ProcessEnv) declare.",
        "export const requestSchema = jsonSchema<{ cache: RequestCache; env: NodeJS.ProcessEnv }>();",
      ].join("\n"),
      "src/merged.ts": [
        'import { jsonSchema } from "@tooltype/core";',
        "// A global interface: @types packages or the DOM lib could add members to it by merging.",
        "declare global { interface TripPlan { from: string; to: string } }",
        "export const planSchema = jsonSchema<TripPlan>();",
      ].join("\n"),
      "src/local.ts": [
        'import { jsonSchema } from "@tooltype/core";',
        "export interface Point { x: number; y: number }",
        "export const pointSchema = jsonSchema<Point>();",
      ].join("\n"),
    });
  });
  afterAll(() => fixture.remove());

  it("gives the full program's schema for types only the DOM lib and @types/node declare", async () => {
    const firstReduced = await compile("globals.ts", true);
    const full = await compile("globals.ts", false);
    expect(firstReduced.errors).toBeUndefined();
    expect(firstReduced.output).toEqual(full.output);
    const code = firstReduced.output!.code;
    expect(code).toContain('"force-cache"'); // RequestCache's members, from lib.dom.d.ts
    expect(code).toMatch(/additionalProperties: \{\s*type: "string"/); // NodeJS.ProcessEnv's string values
    expect(readsNodeTypes(firstReduced)).toBe(true); // compiled in the full program
  });

  it("gives the full program's schema for a global interface, which left-out globals could extend", async () => {
    const firstReduced = await compile("merged.ts", true);
    expect(firstReduced.output).toEqual((await compile("merged.ts", false)).output);
    expect(firstReduced.output!.code).toContain('required: ["from", "to"]');
    expect(readsNodeTypes(firstReduced)).toBe(true);
  });

  it("keeps the reduced program's result when the file's types need none of the left-out globals", async () => {
    const reduced = await compile("local.ts", true);
    const full = await compile("local.ts", false);
    expect(reduced.output).toEqual(full.output);
    expect(reduced.output!.code).toContain('required: ["x", "y"]');
    // Its cache entry depends on fewer files: @types/node was never read.
    expect(readsNodeTypes(reduced)).toBe(false);
    expect(readsNodeTypes(full)).toBe(true);
  });
});
