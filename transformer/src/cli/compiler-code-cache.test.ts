import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codeCacheFileName, readCodeCache } from "./code-cache-file.js";
import { codeCacheDirectory, loadWithCodeCache } from "./compiler-code-cache.js";

// A module big enough for V8 to keep code for, which needs `require`, `module` and `__dirname`.
const compilerLike = `const { join } = require("node:path");
function area(width, height) { return width * height; }
module.exports = { area, here: join(__dirname, "x"), self: module.filename };
`;

describe("loadWithCodeCache", () => {
  let directory = "";
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), "tooltype-code-cache-test-"));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it("runs the module as Node would, compiles it from source the first time and from the kept code after", () => {
    const file = join(directory, "compiler.js");
    writeFileSync(file, compilerLike);
    const cache = join(directory, "cache");

    const first = loadWithCodeCache(file, cache)!;
    const exported = first.exports as { area(w: number, h: number): number; here: string; self: string };
    expect(exported.area(3, 4)).toBe(12);
    expect(exported.here).toBe(join(directory, "x"));
    expect(exported.self).toBe(file);
    expect(first.fromCache).toBe(false);
    first.saveCache();
    expect(readdirSync(cache)).toHaveLength(1);
    // The next run may read the file as Latin-1 without checking it again.
    expect(readCodeCache(join(cache, readdirSync(cache)[0]!))?.sourceIsAscii).toBe(true);

    const second = loadWithCodeCache(file, cache)!;
    expect(second.fromCache).toBe(true);
    expect((second.exports as { area(w: number, h: number): number }).area(2, 5)).toBe(10);
  });

  it("does not use code kept for an older version of the file", () => {
    const file = join(directory, "compiler.js");
    writeFileSync(file, compilerLike);
    const cache = join(directory, "cache");
    loadWithCodeCache(file, cache)!.saveCache();

    writeFileSync(file, compilerLike.replace("width * height", "width * height + 1"));
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    const changed = loadWithCodeCache(file, cache)!;
    expect(changed.fromCache).toBe(false);
    expect((changed.exports as { area(w: number, h: number): number }).area(3, 4)).toBe(13);
  });

  it("reads a file with non-ASCII text as UTF-8, from source and from the kept code", () => {
    const file = join(directory, "compiler.js");
    writeFileSync(file, `${compilerLike}module.exports.greeting = "grüße, 日本";\n`);
    const cache = join(directory, "cache");
    const first = loadWithCodeCache(file, cache)!;
    expect((first.exports as { greeting: string }).greeting).toBe("grüße, 日本");
    first.saveCache();
    expect(readCodeCache(join(cache, readdirSync(cache)[0]!))?.sourceIsAscii).toBe(false);
    const second = loadWithCodeCache(file, cache)!;
    expect(second.fromCache).toBe(true);
    expect((second.exports as { greeting: string }).greeting).toBe("grüße, 日本");
  });

  it.each([
    [
      "bytes changed in the middle",
      (kept: Buffer) => Buffer.concat([kept.subarray(0, 200), Buffer.alloc(64, 0x5a), kept.subarray(264)]),
    ],
    ["cut short", (kept: Buffer) => kept.subarray(0, kept.length - 100)],
    ["not a cache at all", () => Buffer.from("hello")],
  ])("ignores a kept file with %s, runs the module from source and writes the cache again", (_, damage) => {
    const file = join(directory, "compiler.js");
    writeFileSync(file, compilerLike);
    const cache = join(directory, "cache");
    loadWithCodeCache(file, cache)!.saveCache();
    const [name] = readdirSync(cache);
    const kept = readFileSync(join(cache, name!));
    writeFileSync(join(cache, name!), damage(kept));

    const loaded = loadWithCodeCache(file, cache)!;
    expect(loaded.fromCache).toBe(false);
    expect((loaded.exports as { area(w: number, h: number): number }).area(3, 4)).toBe(12);
    loaded.saveCache();
    expect(readdirSync(cache)).toEqual([name]);
    expect(readCodeCache(join(cache, name!))).toBeDefined();
    expect(loadWithCodeCache(file, cache)!.fromCache).toBe(true);
  });

  it("names the cache after the file, its package's version and the V8 flags", () => {
    const file = join(directory, "lib", "compiler.js");
    writeFileSync(join(directory, "package.json"), JSON.stringify({ name: "compiler", version: "1.0.0" }));
    mkdirSync(join(directory, "lib"));
    writeFileSync(file, compilerLike);
    const plain = codeCacheFileName(file, {});
    expect(codeCacheFileName(file, {})).toBe(plain);
    expect(codeCacheFileName(file, { NODE_OPTIONS: "--max-semi-space-size=64" })).not.toBe(plain);
    writeFileSync(join(directory, "package.json"), JSON.stringify({ name: "compiler", version: "1.0.1" }));
    expect(codeCacheFileName(file, {})).not.toBe(plain);
  });

  it("is undefined for a file it cannot read, so the caller falls back on require", () => {
    expect(loadWithCodeCache(join(directory, "missing.js"), join(directory, "cache"))).toBeUndefined();
  });

  it("keeps the code in the project's node_modules/.cache, never in a folder other users share", () => {
    const compiler = join("/work", "app", "node_modules", "typescript", "lib", "typescript.js");
    expect(codeCacheDirectory(compiler)).toBe(join("/work", "app", "node_modules", ".cache", "tooltype", "compiler"));
    expect(codeCacheDirectory(join("/opt", "typescript", "lib", "typescript.js"))).toBeUndefined();
  });
});
