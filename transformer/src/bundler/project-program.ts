import { readFileSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type * as ts from "typescript";
import type { TypeScript } from "../engine/types.js";
import { withoutGlobalDeclarations } from "./reduced-options.js";
import { mayHoldTools } from "./tool-markers.js";

/** Which program a file is compiled in: `"reduced"` leaves out the DOM lib and the `@types/*` globals. */
export type ProgramKind = "reduced" | "full";

/** One parsed file, with what it was read from, so a changed file is parsed again. */
interface CachedFile {
  sourceFile: ts.SourceFile;
  size: number;
  modified: number;
}

/** What `@ts-morph/common` gives: its compiler copy and TypeScript's lib files as text. */
interface CompilerCopy {
  ts: unknown;
  getLibFiles(): { fileName: string; text: string }[];
  libFolderInMemoryPath: string;
}

/**
 * The project's programs for the bundler plugin, built with the TypeScript copy bundled with
 * ts-morph (so it works whatever TypeScript the project installs, and sees the sidecar's types)
 * but without ts-morph's own layer. The roots are the files that hold tools, and the program
 * follows their imports, so its size grows with those files, not with the project. Parsed files
 * are kept between programs (and between the reduced and the full one) and re-read only when
 * their size or modification time changed since the last `invalidate()`.
 */
export class ProjectProgram {
  /** The tsconfig's directory. */
  readonly directory: string;
  /** The compiler copy the programs are built with. */
  readonly tsm: TypeScript;
  #configPath: string;
  #libFolder: string;
  #libTexts: Map<string, string>;
  #parsed: ts.ParsedCommandLine | undefined;
  #files = new Map<string, CachedFile>();
  /** Texts the bundler handed over, which win over the disk. */
  #texts = new Map<string, string>();
  #roots = new Set<string>();
  #toolFileNames: string[] | undefined;
  #programs = new Map<ProgramKind, ts.Program>();
  /** Files whose size and time are checked again before their next use (all after `invalidate()`). */
  #stale = new Set<string>();

  private constructor(tsconfigPath: string, copy: CompilerCopy) {
    this.#configPath = resolve(tsconfigPath);
    this.directory = dirname(this.#configPath);
    this.tsm = copy.ts as TypeScript;
    this.#libFolder = copy.libFolderInMemoryPath;
    this.#libTexts = new Map(
      copy.getLibFiles().map((file) => [`${copy.libFolderInMemoryPath}/${file.fileName}`, file.text]),
    );
  }

  /** Loads the compiler (only when a file with tools is met, so builds without tools never pay for it). */
  static async open(tsconfigPath: string): Promise<ProjectProgram> {
    return new ProjectProgram(tsconfigPath, (await import("@ts-morph/common")) as unknown as CompilerCopy);
  }

  /** The project's compiler options (from the tsconfig). */
  get compilerOptions(): ts.CompilerOptions {
    return this.#parsedNow().options;
  }

  /** The tsconfig and every config it extends: the output depends on their options. */
  get configFiles(): string[] {
    const extended = (this.#parsedNow().options.configFile as { extendedSourceFiles?: string[] } | undefined)
      ?.extendedSourceFiles;
    return [this.#configPath, ...(extended ?? [])];
  }

  /**
   * Re-reads what changed on disk: `fileName` alone, or (without it, at the start of a build)
   * every file. A changed tsconfig starts afresh.
   */
  invalidate(fileName?: string): void {
    if (fileName !== undefined && /(^|[\\/])tsconfig[^\\/]*\.json$/.test(fileName)) {
      this.#parsed = undefined;
      this.#toolFileNames = undefined;
      this.#programs.clear();
      this.#files.clear();
      return;
    }
    // Files may have gained or lost tool sites: the roots are looked for again.
    this.#toolFileNames = undefined;
    const changed = fileName === undefined ? [...this.#files.keys(), ...this.#texts.keys()] : [resolve(fileName)];
    for (const path of changed) {
      this.#stale.add(path);
      // A text handed over before is read from disk again, unless the bundler hands it once more.
      if (this.#texts.delete(path)) this.#files.delete(path);
    }
    this.#programs.clear();
  }

  /**
   * The program of `kind` holding `fileName`, with exactly `text` when given (what the bundler
   * hands over), and its source file; undefined when the file is not on disk.
   */
  sourceFile(
    fileName: string,
    text: string | undefined,
    kind: ProgramKind,
  ): { program: ts.Program; sourceFile: ts.SourceFile } | undefined {
    const path = resolve(fileName);
    const known = this.#texts.get(path) ?? this.#files.get(path)?.sourceFile.text;
    if (text !== undefined && known !== text) {
      this.#texts.set(path, text);
      this.#files.delete(path);
      this.#programs.clear();
    }
    let program = this.#programs.get(kind);
    if (!program?.getSourceFile(path) || this.#stale.size > 0) {
      if (text === undefined && statOf(path) === undefined) return undefined;
      this.#roots.add(path);
      program = this.#createProgram(kind, program);
      this.#programs.set(kind, program);
    }
    const sourceFile = program.getSourceFile(path);
    return sourceFile ? { program, sourceFile } : undefined;
  }

  #createProgram(kind: ProgramKind, oldProgram: ts.Program | undefined): ts.Program {
    const tsm = this.tsm;
    const parsed = this.#parsedNow();
    const options = kind === "reduced" ? withoutGlobalDeclarations(tsm, parsed.options) : parsed.options;
    const host = tsm.createCompilerHost(options, true);
    const libFolder = this.#libFolder;
    const libTexts = this.#libTexts;
    const { fileExists, readFile, directoryExists } = host;
    host.getDefaultLibLocation = () => libFolder;
    host.getDefaultLibFileName = (current) => `${libFolder}/${tsm.getDefaultLibFileName(current)}`;
    host.fileExists = (name) => libTexts.has(name) || this.#texts.has(resolve(name)) || fileExists.call(host, name);
    host.readFile = (name) => libTexts.get(name) ?? this.#texts.get(resolve(name)) ?? readFile.call(host, name);
    host.directoryExists = (name) => name === libFolder || (directoryExists?.call(host, name) ?? true);
    host.getSourceFile = (name, languageVersion) => this.#parse(name, languageVersion);
    const program = tsm.createProgram({
      rootNames: [...this.#toolFiles(parsed), ...this.#roots],
      options,
      host,
      oldProgram,
      projectReferences: parsed.projectReferences,
    });
    this.#stale.clear();
    return program;
  }

  /**
   * The project's files that may hold tools (a text test), read once: every program starts from
   * all of them, so a build makes one program and one checker, not one per file the bundler hands over.
   */
  #toolFiles(parsed: ts.ParsedCommandLine): string[] {
    return (this.#toolFileNames ??= parsed.fileNames.filter((name) => {
      if (/\.d\.[cm]?ts$/.test(name)) return false;
      try {
        return mayHoldTools(readFileSync(name, "utf8"));
      } catch {
        return false;
      }
    }));
  }

  /** A parsed file, from the cache while its size and time are unchanged (lib files never change). */
  #parse(name: string, languageVersion: ts.ScriptTarget | ts.CreateSourceFileOptions): ts.SourceFile | undefined {
    const tsm = this.tsm;
    const libText = this.#libTexts.get(name);
    const path = libText === undefined ? resolve(name) : name;
    const cached = this.#files.get(path);
    if (cached && !this.#stale.has(path)) return cached.sourceFile;
    const handed = this.#texts.get(path);
    const stat = libText === undefined && handed === undefined ? statOf(path) : { size: -1, mtimeMs: -1 };
    if (!stat) return undefined;
    if (cached && cached.size === stat.size && cached.modified === stat.mtimeMs) return cached.sourceFile;
    const text = libText ?? handed ?? tsm.sys.readFile(path);
    if (text === undefined) return undefined;
    const sourceFile = tsm.createSourceFile(name, text, languageVersion);
    this.#files.set(path, { sourceFile, size: stat.size, modified: stat.mtimeMs });
    return sourceFile;
  }

  #parsedNow(): ts.ParsedCommandLine {
    if (this.#parsed) return this.#parsed;
    const tsm = this.tsm;
    const parsed = tsm.getParsedCommandLineOfConfigFile(this.#configPath, undefined, {
      ...tsm.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(tsm.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    });
    if (!parsed) throw new Error(`tooltype: cannot read ${this.#configPath}`);
    return (this.#parsed = parsed);
  }
}

function statOf(path: string): { size: number; mtimeMs: number } | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? undefined;
  } catch {
    return undefined;
  }
}
