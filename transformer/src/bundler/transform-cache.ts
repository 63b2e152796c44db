import { createHash } from "node:crypto";
import { readFileSync, statSync, type Stats } from "node:fs";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/** What the plugin hands the bundler for one file; `null` when the file stays as it is. */
export type CachedOutput = { code: string; map: string | null } | null;

/** One file the output was read from: its path, size, modification time and content hash when stored. */
type Dependency = [path: string, size: number, modified: number, hash: string];

/** One cached result: the output and every file its types were read from. */
interface CacheEntry {
  output: CachedOutput;
  dependencies: Dependency[];
}

/** Bumped when the shape of an entry changes. */
const entryFormat = "2";

/**
 * The bundler plugin's persistent cache: one JSON file per (plugin version, tsconfig, file text,
 * way of output), holding the output and the content hash of each declaration file the program
 * read for it. An entry counts only while every one of those files still has its hash, so a
 * rebuild (or a watch-mode rebuild, or the next `vite build`) of an unchanged tool file loads no
 * compiler at all. A file whose size and modification time are unchanged is not read again; the
 * others are hashed, at most once between two `forget()` calls.
 */
export class TransformCache {
  #directory: string;
  #fingerprint: string;
  #hashes = new Map<string, string | undefined>();

  private constructor(directory: string, fingerprint: string) {
    this.#directory = directory;
    this.#fingerprint = fingerprint;
  }

  /**
   * The cache in `directory`, or undefined (no caching) when the installed `@tooltype/transformer`
   * cannot be found from `projectDirectory`: its version and build time are part of every key,
   * so that a new plugin never reuses an old plugin's output.
   */
  static open(directory: string, projectDirectory: string): TransformCache | undefined {
    const fingerprint = pluginFingerprint(projectDirectory);
    return fingerprint === undefined ? undefined : new TransformCache(directory, fingerprint);
  }

  /** The key of one file's result: everything, besides its dependencies, that decides the output. */
  key(parts: readonly string[]): string {
    return digest([entryFormat, this.#fingerprint, ...parts].join("\0"));
  }

  /** The cached output for `key`, or undefined when there is none or a dependency changed. */
  async get(key: string): Promise<{ output: CachedOutput } | undefined> {
    const text = await readFile(this.#entryPath(key), "utf8").catch(() => undefined);
    if (text === undefined) return undefined;
    let entry: CacheEntry;
    try {
      entry = JSON.parse(text) as CacheEntry;
    } catch {
      return undefined;
    }
    return entry.dependencies.every((dependency) => this.#unchanged(dependency)) ? { output: entry.output } : undefined;
  }

  /** Stores `output` for `key`; `dependencies` are the program's files (those not on disk are left out). */
  async set(key: string, output: CachedOutput, dependencies: readonly string[]): Promise<void> {
    const entry: CacheEntry = { output, dependencies: dependencies.flatMap((path) => this.#dependency(path) ?? []) };
    const path = this.#entryPath(key);
    // Written aside, then renamed: a build running at the same time never reads half an entry.
    const partial = `${path}.${process.pid}.partial`;
    try {
      await mkdir(this.#directory, { recursive: true });
      await writeFile(partial, JSON.stringify(entry));
      await rename(partial, path);
    } catch {
      // The cache only saves time: a folder that cannot be written means the next build recompiles.
    }
  }

  /** Forgets the file hashes read so far (at the start of a build, and when the bundler reports a change). */
  forget(): void {
    this.#hashes.clear();
  }

  #entryPath(key: string): string {
    return join(this.#directory, `${key}.json`);
  }

  /** True when `path` still has the content it had when the entry was stored. */
  #unchanged([path, size, modified, hash]: Dependency): boolean {
    const now = statOf(path);
    if (now === undefined) return false;
    // Sync reads: a few hundred small files, each far cheaper than a round trip through the thread pool.
    return (now.size === size && now.mtimeMs === modified) || this.#hashOf(path) === hash;
  }

  /** What to remember of `path`; undefined when it is not on disk (ts-morph's in-memory lib files). */
  #dependency(path: string): [Dependency] | undefined {
    const stat = statOf(path);
    const hash = stat && this.#hashOf(path);
    return stat && hash !== undefined ? [[path, stat.size, stat.mtimeMs, hash]] : undefined;
  }

  #hashOf(path: string): string | undefined {
    if (!this.#hashes.has(path)) {
      let hash: string | undefined;
      try {
        hash = digest(readFileSync(path));
      } catch {
        hash = undefined;
      }
      this.#hashes.set(path, hash);
    }
    return this.#hashes.get(path);
  }
}

/** The default cache folder: `node_modules/.cache/tooltype` beside the tsconfig, where build tools keep theirs. */
export function defaultCacheDirectory(projectDirectory: string): string {
  return join(projectDirectory, "node_modules", ".cache", "tooltype");
}

function statOf(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function digest(data: string | Buffer): string {
  return createHash("sha256").update(data).digest("hex").slice(0, 40);
}

/** The installed plugin's version and the time its build was written (its `dist` folder is rebuilt whole). */
function pluginFingerprint(projectDirectory: string): string | undefined {
  try {
    const manifest = createRequire(join(projectDirectory, "package.json")).resolve(
      "@tooltype/transformer/package.json",
    );
    const version = (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version ?? "";
    const built = statSync(join(dirname(manifest), "dist")).mtimeMs;
    return `${version}@${built}`;
  } catch {
    return undefined;
  }
}
