import { dirname, resolve } from "node:path";
import type { Project, SourceFile } from "ts-morph";
import type * as TsMorph from "ts-morph";
import type * as ts from "typescript";
import type { TypeScript } from "../engine/types.js";

/**
 * The project's program for the bundler plugin, kept by ts-morph (its own compiler copy and lib
 * files, so it works whatever TypeScript the project installs, and gives exactly the sidecar's
 * types). Only files that hold tools are added, and the program follows their imports, so its
 * size grows with the files that hold tools, not with the project. It is refreshed from disk once
 * per build and after each change the bundler reports; ts-morph rebuilds only what changed.
 */
export class ProjectProgram {
  /** The tsconfig's directory. */
  readonly directory: string;
  /** ts-morph's compiler copy, the one the program is built with. */
  readonly tsm: TypeScript;
  #configPath: string;
  #createProject: () => Project;
  #project: Project | undefined;

  private constructor(tsconfigPath: string, morph: typeof TsMorph) {
    this.#configPath = resolve(tsconfigPath);
    this.directory = dirname(this.#configPath);
    this.tsm = morph.ts as unknown as TypeScript;
    this.#createProject = () =>
      new morph.Project({ tsConfigFilePath: this.#configPath, skipAddingFilesFromTsConfig: true });
  }

  /** Loads ts-morph (only when a file with tools is met, so builds without tools never pay for it). */
  static async open(tsconfigPath: string): Promise<ProjectProgram> {
    return new ProjectProgram(tsconfigPath, await import("ts-morph"));
  }

  /** The project's compiler options (from the tsconfig). */
  get compilerOptions(): ts.CompilerOptions {
    return this.#projectNow().getCompilerOptions() as unknown as ts.CompilerOptions;
  }

  /** The tsconfig and every config it extends: the output depends on their options. */
  get configFiles(): string[] {
    const tsm = this.tsm;
    const config = tsm.readJsonConfigFile(this.#configPath, (path) => tsm.sys.readFile(path));
    tsm.parseJsonSourceFileConfigFileContent(config, tsm.sys, this.directory);
    return [this.#configPath, ...(config.extendedSourceFiles ?? [])];
  }

  /**
   * Re-reads what changed on disk: `fileName` alone, or (without it, at the start of a build)
   * every file. A changed tsconfig starts afresh.
   */
  invalidate(fileName?: string): void {
    const project = this.#project;
    if (!project) return;
    if (fileName !== undefined && /(^|[\\/])tsconfig[^\\/]*\.json$/.test(fileName)) {
      this.#project = undefined;
      return;
    }
    const files = fileName === undefined ? project.getSourceFiles() : [project.getSourceFile(resolve(fileName))];
    for (const file of files) refresh(file);
  }

  /** The program holding `fileName`, with exactly `text` when given (what the bundler hands over), and its source file. */
  sourceFile(fileName: string, text?: string): { program: ts.Program; sourceFile: ts.SourceFile } | undefined {
    const project = this.#projectNow();
    const path = resolve(fileName);
    const file = project.getSourceFile(path) ?? project.addSourceFileAtPathIfExists(path);
    if (!file) return undefined;
    if (text !== undefined && file.getFullText() !== text) file.replaceWithText(text);
    // ts-morph's twin of typescript's types: the same shapes, declared in its own copy.
    const program = project.getProgram().compilerObject as unknown as ts.Program;
    const sourceFile = program.getSourceFile(file.getFilePath());
    return sourceFile ? { program, sourceFile } : undefined;
  }

  #projectNow(): Project {
    return (this.#project ??= this.#createProject());
  }
}

function refresh(file: SourceFile | undefined): void {
  if (!file || file.wasForgotten()) return;
  file.refreshFromFileSystemSync();
}
