import { dirname, resolve } from "node:path";
import { Project, type SourceFile } from "ts-morph";
import type * as ts from "typescript";

/**
 * The project's program for the bundler plugin, kept by ts-morph (its own compiler copy and lib
 * files, so it works whatever TypeScript the project installs, and gives exactly the sidecar's
 * types). It is refreshed from disk once per build and after each change the bundler reports;
 * ts-morph's language service rebuilds only what changed.
 */
export class ProjectProgram {
  /** The tsconfig's directory. */
  readonly directory: string;
  #configPath: string;
  #project: Project | undefined;

  constructor(tsconfigPath: string) {
    this.#configPath = resolve(tsconfigPath);
    this.directory = dirname(this.#configPath);
  }

  /**
   * Re-reads what changed on disk: `fileName` alone, or (without it, at the start of a build)
   * every file, plus files the tsconfig now matches. A changed tsconfig starts afresh.
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
    if (fileName === undefined) project.addSourceFilesFromTsConfig(this.#configPath);
  }

  /** The program holding `fileName`, with exactly `text` when given (what the bundler hands over), and its source file. */
  sourceFile(fileName: string, text?: string): { program: ts.Program; sourceFile: ts.SourceFile } | undefined {
    const project = (this.#project ??= new Project({ tsConfigFilePath: this.#configPath }));
    const path = resolve(fileName);
    const file = project.getSourceFile(path) ?? project.addSourceFileAtPathIfExists(path);
    if (!file) return undefined;
    if (text !== undefined && file.getFullText() !== text) file.replaceWithText(text);
    // ts-morph's twin of typescript's types: the same shapes, declared in its own copy.
    const program = project.getProgram().compilerObject as unknown as ts.Program;
    const sourceFile = program.getSourceFile(file.getFilePath());
    return sourceFile ? { program, sourceFile } : undefined;
  }
}

function refresh(file: SourceFile | undefined): void {
  if (!file || file.wasForgotten()) return;
  file.refreshFromFileSystemSync();
}
