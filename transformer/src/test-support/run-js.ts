/** What a fake `@tooltype/core` saw when the emitted JavaScript ran. */
export interface CoreCalls {
  description: unknown[][];
  add: unknown[][];
  defineTool: unknown[][];
  jsonSchema: unknown[][];
}

/**
 * Runs emitted CommonJS with a recording stand-in for `@tooltype/core`, so tests can check the
 * arguments the transformed code really passes at run time.
 */
export function runWithFakeCore(js: string): { exports: Record<string, unknown>; calls: CoreCalls } {
  const calls: CoreCalls = { description: [], add: [], defineTool: [], jsonSchema: [] };
  const core = {
    Description: (...args: unknown[]) => {
      calls.description.push(args);
      return () => undefined;
    },
    ToolRegistry: class {
      add(...args: unknown[]): this {
        calls.add.push(args);
        return this;
      }
    },
    defineTool: (...args: unknown[]) => {
      calls.defineTool.push(args);
      return {};
    },
    jsonSchema: (...args: unknown[]) => {
      calls.jsonSchema.push(args);
      return args[0];
    },
  };
  const module = { exports: {} as Record<string, unknown> };
  const fakeRequire = (id: string): unknown => {
    // The core itself, or a project module that re-exports it.
    if (id === "@tooltype/core" || id.startsWith("./")) return core;
    throw new Error(`unexpected require(${id})`);
  };
  new Function("require", "module", "exports", js)(fakeRequire, module, module.exports);
  return { exports: module.exports, calls };
}
