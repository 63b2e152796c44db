import { runWithFakeCore } from "../fixtures/run-js.js";
import { transformSources } from "../fixtures/transform.js";

const weather = (importLine: string, decorator: string) => `${importLine}
export class Weather {
  /**
   * @param location a city name
   * @param unit celsius or fahrenheit
   */
  @${decorator}("Get the current weather.")
  async getWeather(location: string, unit: "c" | "f" = "c"): Promise<string> {
    return location + unit;
  }
}
`;

const expectedMetadata = {
  v: 1,
  name: "getWeather",
  description: "Get the current weather.",
  schema: {
    type: "object",
    properties: {
      location: { type: "string", description: "a city name" },
      unit: { type: "string", enum: ["c", "f"], description: "celsius or fahrenheit", default: "c" },
    },
    required: ["location"],
    additionalProperties: false,
  },
  parameters: [
    { kind: "named", name: "location" },
    { kind: "named", name: "unit" },
  ],
  returns: { type: "string" },
  source: "tools.ts#Weather.getWeather",
};

describe("@Description", () => {
  it("gets the metadata literal as its third argument: the emitted JavaScript carries it", () => {
    const { js, errors } = transformSources({
      "tools.ts": weather('import { Description } from "@tooltype/core";', "Description"),
    });
    expect(errors).toEqual([]);
    expect(js["tools.ts"]).toContain(
      '(0, core_1.Description)("Get the current weather.", void 0, { v: 1, name: "getWeather", description: "Get the current weather.", schema: { type: "object"',
    );
    const { calls } = runWithFakeCore(js["tools.ts"]!);
    expect(calls.description).toEqual([["Get the current weather.", undefined, expectedMetadata]]);
  });

  it("works the same with experimentalDecorators (+ emitDecoratorMetadata)", () => {
    const source = { "tools.ts": weather('import { Description } from "@tooltype/core";', "Description") };
    const legacy = transformSources(source, { experimentalDecorators: true });
    expect(legacy.errors).toEqual([]);
    expect(legacy.js["tools.ts"]).toContain("__decorate(");
    expect(runWithFakeCore(legacy.js["tools.ts"]!).calls.description).toEqual([
      ["Get the current weather.", undefined, expectedMetadata],
    ]);
  });

  it("keeps the options argument and reads a literal name from it", () => {
    const source = `import { Description } from "@tooltype/core";
export class Jobs {
  @Description("Run a job.", { name: "run_job", timeoutMs: 500 })
  $run(id: string) {}
}`;
    const { js, errors } = transformSources({ "tools.ts": source });
    expect(errors).toEqual([]);
    const [call] = runWithFakeCore(js["tools.ts"]!).calls.description;
    expect(call?.[1]).toEqual({ name: "run_job", timeoutMs: 500 });
    expect(call?.[2]).toMatchObject({ name: "run_job", source: "tools.ts#Jobs.$run" });
  });

  it("is recognised through a renamed import and a namespace import (resolved by symbol)", () => {
    const renamed = transformSources({
      "tools.ts": weather('import { Description as Tool } from "@tooltype/core";', "Tool"),
    });
    expect(runWithFakeCore(renamed.js["tools.ts"]!).calls.description[0]?.[2]).toEqual(expectedMetadata);
    const namespaced = transformSources({
      "tools.ts": weather('import * as tooltype from "@tooltype/core";', "tooltype.Description"),
    });
    expect(runWithFakeCore(namespaced.js["tools.ts"]!).calls.description[0]?.[2]).toEqual(expectedMetadata);
  });

  it("is recognised through a re-export of the project's own", () => {
    const files = {
      "tools.ts": weather('import { Description } from "./decorators";', "Description"),
      "decorators.ts": 'export { Description } from "@tooltype/core";',
    };
    expect(runWithFakeCore(transformSources(files).js["tools.ts"]!).calls.description[0]?.[2]).toEqual(
      expectedMetadata,
    );
  });

  it("ignores an unrelated decorator called Description, local or from another package", () => {
    const local = `function Description(text: string) {
  return (_target: unknown, _context: ClassMethodDecoratorContext) => undefined;
}
export class Notes {
  @Description("Not a tool.")
  note(text: string) {}
}`;
    const localOut = transformSources({ "tools.ts": local });
    expect(localOut.errors).toEqual([]);
    expect(localOut.js["tools.ts"]).toContain('Description("Not a tool.")]');
    const files = {
      "tools.ts": weather('import { Description } from "other-lib";', "Description"),
      "node_modules/other-lib/package.json": JSON.stringify({ name: "other-lib", types: "index.d.ts" }),
      "node_modules/other-lib/index.d.ts":
        "export declare function Description(text: string): (target: unknown, context: unknown) => void;",
    };
    const foreign = transformSources(files);
    expect(foreign.js["tools.ts"]).toContain('(0, other_lib_1.Description)("Get the current weather.")]');
  });

  it("leaves a call that already has metadata alone", () => {
    const source = `import { Description, type ToolMetadata } from "@tooltype/core";
declare const meta: ToolMetadata;
export class A {
  @Description("x", undefined, meta)
  f(a: string) {}
}`;
    expect(transformSources({ "tools.ts": source }).js["tools.ts"]).toContain('Description)("x", undefined, meta)');
  });

  it("reports a bad parameter with file, line, tool and parameter", () => {
    const source = `import { Description } from "@tooltype/core";
export class Files {
  @Description("Read a file.")
  read(path: string, onChunk: (chunk: string) => void) {}
}`;
    expect(transformSources({ "tools.ts": source }).errors).toEqual([
      'tools.ts:4:22 - error TT9202: tool "read", parameter "onChunk": type "(chunk: string) => void" cannot cross JSON (a function is code, not data); take the data the function would need instead',
    ]);
  });

  it("is deterministic: the same source gives byte-identical JavaScript", () => {
    const source = weather('import { Description } from "@tooltype/core";', "Description").replace(
      'unit: "c" | "f" = "c"',
      'unit: "c" | "f" = "c", when?: { at: Date; tags: Record<string, "a" | "b"> }',
    );
    const first = transformSources({ "tools.ts": source }).js["tools.ts"];
    const second = transformSources({ "tools.ts": source }).js["tools.ts"];
    expect(first).toBe(second);
    expect(first).toContain('dates: [["when", "at"]]');
  });
});

describe("JSDoc under tsc's JSDoc parsing (ts-patch's tspc parses only what type errors need)", () => {
  it("still reads descriptions, @param text and constraint tags", () => {
    const source = `import { Description } from "@tooltype/core";
interface Query {
  /** Words to look for.
   * @minLength 2 */
  text: string;
}
export class Search {
  /**
   * Search the catalogue.
   * @param page which page
   */
  @Description()
  find(query: Query, /** @minimum 1 */ page = 1) {}
}`;
    const { js, errors } = transformSources({ "tools.ts": source }, { jsDocParsingMode: 2 /* ParseForTypeErrors */ });
    expect(errors).toEqual([]);
    expect(runWithFakeCore(js["tools.ts"]!).calls.description[0]?.[2]).toMatchObject({
      description: "Search the catalogue.",
      schema: {
        properties: {
          query: { properties: { text: { type: "string", description: "Words to look for.", minLength: 2 } } },
          page: { type: "number", description: "which page", minimum: 1, default: 1 },
        },
      },
    });
  });
});
