import { ts } from "ts-morph";
import type { TypeScript } from "../engine/types.js";
import { lowerToJavaScript } from "./lower.js";
import { hasDecoratorSyntax, isCompiledWithoutMetadata, mayHoldTools } from "./tool-markers.js";

const tsm = ts as unknown as TypeScript;
const tool = `import { Description } from "@tooltype/core";
export class Weather {
  @Description("Forecast.", void 0, { v: 1, name: "forecast", schema: {}, parameters: [] })
  forecast(city: string): string { return city; }
}
`;

describe("lowerToJavaScript (what esbuild without a target and Vite 8 need)", () => {
  it("lowers standard decorators to helpers and keeps ES module imports", () => {
    const { code, map } = lowerToJavaScript(tsm, tool, "/p/src/weather.ts", { target: tsm.ScriptTarget.ESNext });
    expect(hasDecoratorSyntax(code)).toBe(false);
    expect(code).toContain("__esDecorate");
    expect(code).toContain('import { Description } from "@tooltype/core";');
    expect(code).toContain('{ v: 1, name: "forecast"');
    expect(JSON.parse(map!).sources).toEqual(["weather.ts"]);
  });

  it("lowers legacy decorators when the tsconfig asks for experimentalDecorators", () => {
    const { code } = lowerToJavaScript(tsm, tool, "/p/src/weather.ts", { experimentalDecorators: true });
    expect(code).toContain("__decorate([");
    expect(code).not.toContain("__esDecorate");
  });
});

describe("tool markers", () => {
  it("finds the text every tool site needs, and nothing in a file without one", () => {
    expect(mayHoldTools(tool)).toBe(true);
    expect(mayHoldTools("registry.add(greet);")).toBe(true);
    expect(mayHoldTools("const s = jsonSchema<{ n: number }>();")).toBe(true);
    expect(mayHoldTools("export const twice = (n: number) => n * 2;\n/** @param n a number */")).toBe(false);
  });

  it("tells a tool class another plugin compiled without metadata from one carrying it", () => {
    const bare = 'Weather = __decorate([(0, core_1.Description)("Forecast.")], Weather.prototype, "forecast", null);';
    expect(isCompiledWithoutMetadata(bare)).toBe(true);
    expect(isCompiledWithoutMetadata(bare.replace('"Forecast."', '"Forecast.", void 0, { v: 1, name: "f" }'))).toBe(
      false,
    );
    expect(hasDecoratorSyntax(bare)).toBe(false);
  });
});
