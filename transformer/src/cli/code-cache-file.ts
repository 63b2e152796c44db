import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

// What every cache file starts with: a format tag, how the source was decoded, then the SHA-256 of
// that byte and the code after it. V8 on Node 20 checks the code's header (V8 version, flags,
// source length) but not its bytes: a damaged file would crash the process instead of being rejected.
const magic = Buffer.from("tooltype-v8-code-2\n", "latin1");
const digestLength = 32;
const ascii = 0x61; // "a": the source is ASCII (read as Latin-1)
const utf8 = 0x75; // "u"

/** V8's code for a file, and what was learnt about the file's text when it was compiled. */
export interface KeptCode {
  /** The code, for `new vm.Script(source, { cachedData })`. */
  code: Buffer;
  /** True when the source was all ASCII: the next run may decode it as Latin-1 without checking. */
  sourceIsAscii: boolean;
}

/**
 * The cache file's name for the module at `path`: one per file (path, size, modification time),
 * its package's name and version, Node version, architecture and the V8 flags of this process
 * (`execArgv`, `NODE_OPTIONS`). Any change gets a new name, so code kept for another compiler or
 * another set of flags is never offered to V8.
 */
export function codeCacheFileName(path: string, env: NodeJS.ProcessEnv = process.env): string {
  const { size, mtimeMs } = statSync(path);
  const key = createHash("sha256")
    .update(
      [
        path,
        size,
        mtimeMs,
        packageOf(path),
        process.version,
        process.arch,
        process.execArgv.join(" "),
        env.NODE_OPTIONS ?? "",
      ].join("\0"),
    )
    .digest("hex")
    .slice(0, 32);
  return `${key}.bin`;
}

/** `name@version` of the nearest package.json above `path` (npm gives every installed file the same mtime). */
function packageOf(path: string): string {
  for (let directory = dirname(path); ; directory = dirname(directory)) {
    try {
      const { name, version } = JSON.parse(readFileSync(join(directory, "package.json"), "utf8")) as {
        name?: unknown;
        version?: unknown;
      };
      return `${String(name)}@${String(version)}`;
    } catch {
      if (dirname(directory) === directory) return "";
    }
  }
}

/**
 * The V8 code kept in `file`, or undefined when there is none or it is not whole (wrong tag,
 * truncated, bytes changed): the caller then compiles from source and writes the file again.
 */
export function readCodeCache(file: string): KeptCode | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined; // the first run, or a deleted cache
  }
  const start = magic.length + digestLength;
  if (bytes.length <= start + 1 || !bytes.subarray(0, magic.length).equals(magic)) return undefined;
  const kept = bytes.subarray(start);
  const digest = createHash("sha256").update(kept).digest();
  if (!digest.equals(bytes.subarray(magic.length, start)) || (kept[0] !== ascii && kept[0] !== utf8)) return undefined;
  return { code: kept.subarray(1), sourceIsAscii: kept[0] === ascii };
}

/**
 * Writes `code` to `file` whole or not at all (a temporary file renamed over it, so concurrent
 * builds never read half a file). Errors are swallowed: a cache that cannot be written only costs
 * the next run its compile time, never the build.
 */
export function writeCodeCache(file: string, { code, sourceIsAscii }: KeptCode): void {
  const partial = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    const encoding = Buffer.of(sourceIsAscii ? ascii : utf8);
    const digest = createHash("sha256").update(encoding).update(code).digest();
    writeFileSync(partial, Buffer.concat([magic, digest, encoding, code]));
    renameSync(partial, file);
  } catch {
    // read-only node_modules, a full disk: the next run compiles from source again
    try {
      rmSync(partial, { force: true });
    } catch {
      // nothing more to do
    }
  }
}
