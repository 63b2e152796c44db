import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { createTempProject, tsconfig, type TempProject } from "../fixtures/temp-project.js";
import type { CliIO } from "./command.js";
import { startWatch } from "./commands/build-watch.js";
import { runCli } from "./run-cli.js";

function capture(cwd: string): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, cwd, out: (line) => stdout.push(line), err: (line) => stderr.push(line) };
}

const weather = `import { Description } from "@tooltype/core";
export class Weather {
  /** @param unit celsius or fahrenheit */
  @Description("Get the weather.")
  getWeather(location: string, unit: "c" | "f" = "c"): string {
    return location + unit;
  }
}
`;

describe("tooltype build", () => {
  let project: TempProject | undefined;
  afterEach(() => project?.remove());

  it("compiles with the transformer: the emitted JavaScript carries the metadata as JSON.parse('…')", async () => {
    project = createTempProject({ "tsconfig.json": tsconfig(), "src/weather.ts": weather });
    const io = capture(project.directory);
    expect(await runCli(["build", "-p", "tsconfig.json"], io)).toBe(0);
    expect(io.stderr).toEqual([]);
    const js = readFileSync(join(project.directory, "out/weather.js"), "utf8");
    expect(js).toContain(`(0, core_1.Description)("Get the weather.", void 0, JSON.parse('{"v":1,"name":"getWeather"`);
    expect(js).toContain(
      '"unit":{"type":"string","enum":["c","f"],"description":"celsius or fahrenheit","default":"c"}',
    );
    expect(js).toContain('"source":"src/weather.ts#Weather.getWeather"');
  });

  it("takes tsc's options (--outDir) and finds tsconfig.json in a directory given to -p", async () => {
    project = createTempProject({ "tsconfig.json": tsconfig(), "src/weather.ts": weather });
    const io = capture(project.directory);
    expect(await runCli(["build", "-p", ".", "--outDir", "elsewhere"], io)).toBe(0);
    expect(readFileSync(join(project.directory, "elsewhere/weather.js"), "utf8")).toContain('"name":"getWeather"');
  });

  it("prints file:line:col - error TTnnnn naming tool and parameter, and exits 1", async () => {
    const source = `import { Description } from "@tooltype/core";
export class Jobs {
  @Description("Schedule a job.")
  schedule(name: string, onDone: () => void): void {}
}
`;
    project = createTempProject({ "tsconfig.json": tsconfig(), "src/jobs.ts": source });
    const io = capture(project.directory);
    expect(await runCli(["build", "-p", "tsconfig.json"], io)).toBe(1);
    expect(io.stderr[0]).toMatch(
      /^src\/jobs\.ts:4:26 - error TT9202: tool "schedule", parameter "onDone": type "\(\) => void" cannot cross JSON/,
    );
    expect(io.stderr.at(-1)).toBe("Found 1 error.");
  });

  it("reports the compiler's own errors with their TS codes, also under --noEmit", async () => {
    project = createTempProject({ "tsconfig.json": tsconfig(), "src/bad.ts": "export const n: number = 'x';\n" });
    const io = capture(project.directory);
    expect(await runCli(["build", "-p", "tsconfig.json", "--noEmit"], io)).toBe(1);
    expect(io.stderr[0]).toMatch(/^src\/bad\.ts:1:14 - error TS2322: /);
  });

  it("checks tool sites under --noEmit, where no transformer runs", async () => {
    const source = `import { ToolRegistry } from "@tooltype/core";
const registry = new ToolRegistry();
export const register: (fn: () => void) => unknown = registry.add;
`;
    project = createTempProject({ "tsconfig.json": tsconfig(), "src/reg.ts": source });
    const io = capture(project.directory);
    expect(await runCli(["build", "--noEmit"], io)).toBe(1);
    expect(io.stderr[0]).toMatch(/^src\/reg\.ts:3:54 - error TT9204: ToolRegistry\.add is used without being called/);
  });
});

describe("tooltype (dispatch)", () => {
  it("lists the commands, and refuses an unknown one with exit code 2", async () => {
    const io = capture(process.cwd());
    expect(await runCli(["--help"], io)).toBe(0);
    expect(io.stdout.join("\n")).toMatch(/build\s+compile the project with the transformer/);
    expect(await runCli(["frobnicate"], io)).toBe(2);
    expect(io.stderr[0]).toBe('tooltype: unknown command "frobnicate"');
  });

  it("prints a command's usage for --help", async () => {
    const io = capture(process.cwd());
    expect(await runCli(["build", "--help"], io)).toBe(0);
    expect(io.stdout[0]).toMatch(/^Usage: tooltype build/);
  });

  it("answers a missing tsconfig with exit code 2 and the fix", async () => {
    const io = capture(process.cwd());
    expect(await runCli(["build", "-p", "no/such/tsconfig.json"], io)).toBe(2);
    expect(io.stderr[0]).toMatch(/pass -p path\/to\/tsconfig\.json/);
  });

  it("on TypeScript 7 (no compiler API) says so and names the sidecar and the bundler plugin, exit 2", async () => {
    // TypeScript 7's package main exports only its version (lib/version.cjs); this project holds the same shape.
    const project = createTempProject({
      "tsconfig.json": tsconfig(),
      "src/weather.ts": weather,
      "package.json": "{}",
      "node_modules/typescript/package.json": '{ "name": "typescript", "version": "7.0.2", "main": "version.cjs" }',
      "node_modules/typescript/version.cjs": 'module.exports = { version: "7.0.2", versionMajorMinor: "7.0" };',
    });
    const io = capture(project.directory);
    const code = await runCli(["build", "-p", "tsconfig.json"], io).finally(() => project.remove());
    expect(code).toBe(2);
    expect(io.stderr).toHaveLength(1);
    expect(io.stderr[0]).toMatch(/^tooltype build: TypeScript 7\.0\.2 has no compiler API/);
    expect(io.stderr[0]).toContain("tooltype generate");
    expect(io.stderr[0]).toContain("@tooltype/transformer/bundler");
    expect(io.stderr[0]).not.toMatch(/\n\s+at /);
  });
});

describe("tooltype build --watch", () => {
  it("emits through the transformer on start and again when a file changes", async () => {
    const project = createTempProject({ "tsconfig.json": tsconfig(), "src/weather.ts": weather });
    const io = capture(project.directory);
    const builds: number[] = [];
    let notify: () => void = () => undefined;
    const watch = startWatch(ts, join(project.directory, "tsconfig.json"), {}, io, (count) => {
      builds.push(count);
      notify();
    });
    try {
      expect(builds).toEqual([0]);
      expect(readFileSync(join(project.directory, "out/weather.js"), "utf8")).toContain('"name":"getWeather"');
      const rebuilt = new Promise<void>((resolve) => (notify = resolve));
      writeFileSync(
        join(project.directory, "src/weather.ts"),
        weather.replace("location: string", "location: string, when: Date"),
      );
      await rebuilt;
      expect(builds).toEqual([0, 0]);
      expect(readFileSync(join(project.directory, "out/weather.js"), "utf8")).toContain('"dates":[["when"]]');
    } finally {
      watch.close();
      project.remove();
    }
  });
});
