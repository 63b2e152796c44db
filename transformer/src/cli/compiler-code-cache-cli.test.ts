import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import * as nodeModule from "node:module";
import { join } from "node:path";
import { createTempProject, tsconfig, type TempProject } from "../fixtures/temp-project.js";
import { readCodeCache } from "./code-cache-file.js";

// The `tooltype` executable as installed (built by `pretest`): only it turns the code cache on.
const executable = join(__dirname, "..", "..", "dist", "cjs", "cli", "main.js");

const weather = `import { Description } from "@tooltype/core";
export class Weather {
  /** @param unit celsius or fahrenheit */
  @Description("Get the weather.")
  getWeather(location: string, unit: "c" | "f" = "c"): string {
    return location + unit;
  }
}
`;

// Node 22.1+ keeps the compiler's code in its own compile cache instead.
const nodeCachesItself = (nodeModule as { enableCompileCache?: unknown }).enableCompileCache !== undefined;

(nodeCachesItself ? describe.skip : describe)(
  "tooltype build with the compiler's code cache (Node without module.enableCompileCache)",
  () => {
    let project: TempProject | undefined;
    afterEach(() => project?.remove());

    function build(env: Record<string, string>): string {
      const directory = project!.directory;
      rmSync(join(directory, "out"), { recursive: true, force: true });
      execFileSync(process.execPath, [executable, "build", "-p", "tsconfig.json"], {
        cwd: directory,
        env: { ...process.env, NODE_DISABLE_COMPILE_CACHE: "", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      return readFileSync(join(directory, "out", "weather.js"), "utf8");
    }

    it("emits the same JavaScript without the cache, writing it, reading it and replacing a damaged one", () => {
      project = createTempProject({ "tsconfig.json": tsconfig(), "src/weather.ts": weather });
      const cache = join(project.directory, "compile-cache");
      const kept = join(cache, "tooltype-compiler");

      const withoutCache = build({ NODE_COMPILE_CACHE: cache, NODE_DISABLE_COMPILE_CACHE: "1" });
      expect(withoutCache).toContain('"name":"getWeather"');
      expect(existsSync(kept)).toBe(false);

      expect(build({ NODE_COMPILE_CACHE: cache })).toBe(withoutCache);
      const [name] = readdirSync(kept);
      const file = join(kept, name!);
      const written = readFileSync(file);
      expect(readCodeCache(file)).toBeDefined();

      // An accepted cache is read, not written again.
      const writtenAt = statSync(file).mtimeMs;
      expect(build({ NODE_COMPILE_CACHE: cache })).toBe(withoutCache);
      expect(statSync(file).mtimeMs).toBe(writtenAt);

      const middle = written.length >> 1;
      writeFileSync(
        file,
        Buffer.concat([written.subarray(0, middle), Buffer.alloc(4096, 0x5a), written.subarray(middle + 4096)]),
      );
      expect(build({ NODE_COMPILE_CACHE: cache })).toBe(withoutCache);
      expect(readCodeCache(file)).toBeDefined();
      expect(readdirSync(kept)).toEqual([name]);
    });
  },
);
