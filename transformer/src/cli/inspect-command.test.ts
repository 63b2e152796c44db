import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import { copyFixture, type FixtureCopy } from "../sidecar/fixtures/fixture-project.js";
import { generateSidecar } from "../sidecar/generate.js";
import type { CliIO } from "./command.js";
import type { InspectedTool } from "./inspect-tools.js";
import { runCli } from "./run-cli.js";

jest.setTimeout(120_000);

function capture(cwd: string): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, cwd, out: (line) => stdout.push(line), err: (line) => stderr.push(line) };
}

describe("tooltype inspect", () => {
  let fixture: FixtureCopy;
  /** The 1-based line of `file` (in the fixture) holding `text`. */
  const lineOf = (file: string, text: string): number =>
    readFileSync(join(fixture.directory, file), "utf8")
      .split("\n")
      .findIndex((line) => line.includes(text)) + 1;
  beforeAll(() => {
    fixture = copyFixture("tools-project");
  });
  afterAll(() => fixture.remove());

  it("--json lists the tools of a file and of the project files it imports, as the transformer injects them", async () => {
    const io = capture(fixture.directory);
    expect(await runCli(["inspect", "src/main.ts", "--json"], io)).toBe(0);
    expect(io.stderr).toEqual([]);
    const tools = JSON.parse(io.stdout.join("\n")) as InspectedTool[];
    const at = (file: string, text: string): string => `${file}:${lineOf(file, text)}`;
    expect(tools.map((t) => [t.name, t.kind, t.location])).toEqual([
      ["greet", "function", at("src/main.ts", "tools.add(greet)")],
      ["shout_back", "function", at("src/main.ts", "tools.add(shout,")],
      ["Forecast", "output", at("src/main.ts", 'const forecastAgain = jsonSchema<Forecast>("forecast")')],
      ['{ answer: "yes" | "no" }', "output", at("src/main.ts", 'verdict: jsonSchema<{ answer: "yes" | "no" }>')],
      ["add", "method", at("src/tools/calculator.ts", '@Tool("Add two numbers.")')],
      ["Forecast", "output", at("src/weather.ts", 'export const forecastSchema = jsonSchema<Forecast>("forecast")')],
      ["getWeather", "method", at("src/weather.ts", '@Description("Get the current weather')],
      ["plan_trip", "method", at("src/weather.ts", '@Description("Plan a trip')],
      ["countFolders", "method", at("src/weather.ts", '@Description("Count the folders')],
    ]);
    // The same schemas the sidecar registers.
    const sidecar = generateSidecar({
      project: fixture.tsconfig,
      outFile: join(fixture.directory, "src/tooltype.generated.ts"),
    });
    for (const output of tools.filter((t) => t.kind === "output")) {
      expect(output.schema).toEqual(sidecar.outputs.find((o) => o.id === output.siteId)!.schema);
    }
    for (const tool of tools.filter((t) => t.kind !== "output")) {
      const entry = sidecar.entries.find((e) => (e.metadata as { source?: string }).source === tool.source)!;
      expect(tool.schema).toEqual((entry.metadata as { schema: unknown }).schema);
    }
    expect(tools.find((t) => t.name === "getWeather")).toMatchObject({
      description: "Get the current weather for a location.",
      source: "src/weather.ts#Weather.getWeather",
      returns: { type: "string" },
    });
  });

  it("prints each tool readably: name, kind and source, description, schemas", async () => {
    const io = capture(fixture.directory);
    expect(await runCli(["inspect", "src/weather.ts"], io)).toBe(0);
    const text = io.stdout.join("\n");
    expect(text).toContain(
      'getWeather  (method, src/weather.ts#Weather.getWeather)\n  Get the current weather for a location.\n  parameters: {\n    "type": "object",',
    );
    expect(text).toContain('      "location": { "type": "string", "description": "city name" },\n');
    expect(text).toContain('  returns: { "type": "string" }');
    expect(text).toContain("plan_trip  (method, src/weather.ts#Weather.planTrip)");
    expect(text).not.toContain("helper");
  });

  it("shows the schema of each jsonSchema<T>() as an output schema", async () => {
    writeFileSync(
      join(fixture.directory, "src/answer.ts"),
      'import { jsonSchema } from "@tooltype/core";\n\ninterface Forecast {\n  city: string;\n  celsius?: number;\n}\nexport const forecast = jsonSchema<Forecast>();\n',
    );
    const json = capture(fixture.directory);
    expect(await runCli(["inspect", "src/answer.ts", "--json"], json)).toBe(0);
    expect(JSON.parse(json.stdout.join("\n"))).toEqual([
      {
        name: "Forecast",
        kind: "output",
        location: "src/answer.ts:7",
        schema: {
          type: "object",
          properties: { city: { type: "string" }, celsius: { type: "number" } },
          required: ["city"],
          additionalProperties: false,
        },
      },
    ]);
    const text = capture(fixture.directory);
    expect(await runCli(["inspect", "src/answer.ts"], text)).toBe(0);
    expect(text.stdout.join("\n")).toContain(
      'Forecast  (output schema, src/answer.ts:7)\n  schema: {\n    "type": "object",',
    );
  });

  it('shows the site id of jsonSchema<T>("id"), the key the sidecar registers the schema under', async () => {
    writeFileSync(
      join(fixture.directory, "src/verdict.ts"),
      'import { jsonSchema } from "@tooltype/core";\n\nexport const verdict = jsonSchema<{ answer: "yes" | "no" }>("verdict");\n',
    );
    const json = capture(fixture.directory);
    expect(await runCli(["inspect", "src/verdict.ts", "--json"], json)).toBe(0);
    expect(JSON.parse(json.stdout.join("\n"))).toEqual([
      expect.objectContaining({
        kind: "output",
        siteId: "verdict",
        location: "src/verdict.ts:3",
        schema: expect.objectContaining({ properties: { answer: expect.objectContaining({ enum: ["yes", "no"] }) } }),
      }),
    ]);
    const text = capture(fixture.directory);
    expect(await runCli(["inspect", "src/verdict.ts"], text)).toBe(0);
    expect(text.stdout.join("\n")).toContain('(output schema "verdict", src/verdict.ts:3)');
  });

  it("--no-imports looks at the file alone", async () => {
    const io = capture(fixture.directory);
    expect(await runCli(["inspect", "src/main.ts", "--json", "--no-imports"], io)).toBe(0);
    expect((JSON.parse(io.stdout.join("\n")) as InspectedTool[]).map((t) => t.name)).toEqual([
      "greet",
      "shout_back",
      "Forecast",
      '{ answer: "yes" | "no" }',
    ]);
  });

  it("says so when a file has no tools, and answers bad usage with exit code 2", async () => {
    const io = capture(fixture.directory);
    expect(await runCli(["inspect", "src/greet.ts"], io)).toBe(0);
    expect(io.stdout).toEqual(["No tools in src/greet.ts."]);
    const missing = capture(fixture.directory);
    expect(await runCli(["inspect", "src/nope.ts"], missing)).toBe(2);
    expect(missing.stderr).toEqual(["tooltype inspect: src/nope.ts does not exist"]);
  });
});
