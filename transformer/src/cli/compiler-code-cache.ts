import { isAscii } from "node:buffer";
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import * as nodeModule from "node:module";
import { dirname, join, sep } from "node:path";
import { Script } from "node:vm";
import { codeCacheFileName, readCodeCache, writeCodeCache, type KeptCode } from "./code-cache-file.js";

let enabled = false;
let chosenDirectory: string | undefined;

/**
 * Makes `requireCompiler` keep V8's compiled code of the compiler between runs, on Node versions
 * without `module.enableCompileCache` (before 22.1; later ones cache every module themselves).
 * `typescript.js` is 9 MB: compiling it costs a `tooltype build` about 0.25 s on every start, which
 * tsc (whose `_tsc.js` is a third smaller) pays less of. Called by the `tooltype` executable only:
 * in-process hosts (tests, ts-jest) keep Node's own loader.
 *
 * Node's own variables for its compile cache apply: `NODE_DISABLE_COMPILE_CACHE=1` turns this one
 * off too, and `NODE_COMPILE_CACHE=<folder>` puts it in `<folder>/tooltype-compiler`.
 */
export function enableCompilerCodeCache(env: NodeJS.ProcessEnv = process.env): void {
  const nodeCachesItself = (nodeModule as { enableCompileCache?: unknown }).enableCompileCache !== undefined;
  enabled = !nodeCachesItself && env.NODE_DISABLE_COMPILE_CACHE !== "1";
  chosenDirectory = env.NODE_COMPILE_CACHE ? join(env.NODE_COMPILE_CACHE, "tooltype-compiler") : undefined;
}

/**
 * Loads the CommonJS module at `path` (the resolved `typescript` entry). With the code cache on, it
 * is compiled with the code V8 kept from an earlier run, and the code of this run (including the
 * functions it compiled lazily) is written for the next one when the process exits.
 */
export function requireCompiler(path: string): unknown {
  const load = nodeModule.createRequire(path);
  if (!enabled || load.cache[path]) return load(path);
  const cacheDirectory = chosenDirectory ?? codeCacheDirectory(path);
  if (cacheDirectory === undefined) return load(path);
  const loaded = loadWithCodeCache(path, cacheDirectory);
  if (!loaded) return load(path);
  if (!loaded.fromCache) process.once("exit", loaded.saveCache);
  return loaded.exports;
}

/**
 * `node_modules/.cache/tooltype/compiler` of the `node_modules` the compiler is installed in: a
 * folder only the project's owner writes (compiled code read from a shared temp folder could be
 * planted by another user). Undefined for a compiler outside any `node_modules`.
 */
export function codeCacheDirectory(compilerPath: string): string | undefined {
  const at = compilerPath.lastIndexOf(`${sep}node_modules${sep}`);
  if (at < 0) return undefined;
  return join(compilerPath.slice(0, at), "node_modules", ".cache", "tooltype", "compiler");
}

/** A module loaded by `loadWithCodeCache`. */
export interface CodeCachedModule {
  /** What the module exported. */
  exports: unknown;
  /**
   * True when V8 accepted the code kept in `cacheDirectory` instead of compiling the source; false
   * when there was none, or it was damaged or rejected (then `saveCache` replaces it).
   */
  fromCache: boolean;
  /** Writes the code compiled so far (call it late: lazily compiled functions are included). */
  saveCache(): void;
}

/**
 * Runs the CommonJS file at `path` as Node would, compiled with the code kept in `cacheDirectory`
 * for this file, its package version, Node version and V8 flags (`codeCacheFileName`), when there
 * is such code, it is whole and V8 accepts it. Undefined when the file cannot be read.
 */
export function loadWithCodeCache(path: string, cacheDirectory: string): CodeCachedModule | undefined {
  let source: { text: string; isAscii: boolean };
  let cacheFile: string;
  let kept: KeptCode | undefined;
  try {
    cacheFile = join(cacheDirectory, codeCacheFileName(path));
    kept = readCodeCache(cacheFile);
    source = readWrappedSource(path, kept?.sourceIsAscii === true);
  } catch {
    return undefined;
  }
  const cachedData = kept?.code;
  const script = new Script(source.text, { filename: path, cachedData });
  const module = { exports: {} as unknown, filename: path, id: path, loaded: false };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, nodeModule.createRequire(path), module, path, dirname(path));
  module.loaded = true;
  return {
    exports: module.exports,
    fromCache: cachedData !== undefined && !script.cachedDataRejected,
    saveCache: () => writeCodeCache(cacheFile, { code: script.createCachedData(), sourceIsAscii: source.isAscii }),
  };
}

// The function Node wraps a CommonJS file in (`Module.wrap`, which some hosts such as jest leave out).
const wrapperHead = "(function (exports, require, module, __filename, __dirname) { ";
const wrapperTail = "\n});";

/**
 * The file's text inside the CommonJS wrapper, read into one buffer with the wrapper around it: V8
 * then compiles one string instead of first copying a 9 MB concatenation into one (~50 ms of CPU
 * for the compiler). An ASCII file (typescript.js is one) is decoded as Latin-1, which gives the
 * same string without UTF-8 decoding (~70 ms); `knownAscii` (from the code cache kept for this very
 * file) skips checking that it is (~20 ms).
 */
function readWrappedSource(path: string, knownAscii: boolean): { text: string; isAscii: boolean } {
  const file = openSync(path, "r");
  try {
    const size = fstatSync(file).size;
    const bytes = Buffer.allocUnsafe(wrapperHead.length + size + wrapperTail.length);
    bytes.write(wrapperHead, 0, "latin1");
    let read = 0;
    for (let n = 1; read < size && n > 0; read += n)
      n = readSync(file, bytes, wrapperHead.length + read, size - read, read);
    const end = wrapperHead.length + read;
    bytes.write(wrapperTail, end, "latin1");
    const text = bytes.subarray(0, end + wrapperTail.length);
    const ascii = knownAscii || isAscii(text);
    return { text: text.toString(ascii ? "latin1" : "utf8"), isAscii: ascii };
  } finally {
    closeSync(file);
  }
}
