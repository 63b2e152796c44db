// Core's public declarations name undici nowhere: a program that imports core (the bundler plugin's,
// an editor's) then reads neither undici's declarations nor, through them, Node's. undici stays an
// implementation detail; http.test.ts passes a real undici dispatcher as `dispatcher`.
import { describe, expect, it, jest } from "@jest/globals";
import { join } from "node:path";
import ts from "typescript";

jest.setTimeout(120_000);

describe("RequestDispatcher", () => {
  it("keeps undici out of every declaration file core publishes", () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      join(__dirname, "../../../tsconfig.build.json"),
      { declaration: true, emitDeclarationOnly: true, noEmit: false },
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
        },
      },
    )!;
    const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
    const declarations = new Map<string, string>();
    program.emit(undefined, (fileName, text) => declarations.set(fileName, text), undefined, true);

    expect(declarations.size).toBeGreaterThan(50);
    expect([...declarations.keys()].find((name) => name.endsWith("transport-options.d.ts"))).toBeDefined();
    const naming = [...declarations].filter(([, text]) => /["']undici["']/.test(text)).map(([name]) => name);
    expect(naming).toEqual([]);
  });
});
