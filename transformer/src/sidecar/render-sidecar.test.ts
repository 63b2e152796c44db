import { runInNewContext } from "node:vm";
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { objectLiteral } from "./object-literal.js";
import { importSpecifier, renderSidecar, type SidecarEntry } from "./render-sidecar.js";

const evaluate = (text: string): unknown => runInNewContext(`(${text})`);

describe("objectLiteral", () => {
  it("writes any JSON value as a literal that evaluates back to the same value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 20, max: 120 }), (value, width) => {
        expect(evaluate(objectLiteral(value, { width }))).toEqual(JSON.parse(JSON.stringify(value)));
        expect(JSON.parse(objectLiteral(value, { width, json: true }))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("defines a __proto__ key as data instead of setting the prototype", () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "type": "object"}') as object;
    const back = evaluate(objectLiteral(value)) as Record<string, unknown>;
    expect(Object.prototype.hasOwnProperty.call(back, "__proto__")).toBe(true);
    expect((back as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(back)).not.toEqual({ polluted: true });
  });

  it("reads like code: bare identifier keys, short values on one line", () => {
    expect(objectLiteral({ kind: "named", name: "x", "two words": 1 })).toBe(
      '{ kind: "named", name: "x", "two words": 1 }',
    );
    expect(objectLiteral({ a: "x".repeat(30), b: "y".repeat(30) }, { width: 40 })).toBe(
      `{\n  a: "${"x".repeat(30)}",\n  b: "${"y".repeat(30)}"\n}`,
    );
    expect(objectLiteral({ a: ["c", "f"], b: "y".repeat(30) }, { width: 30, json: true })).toBe(
      `{\n  "a": ["c", "f"],\n  "b": "${"y".repeat(30)}"\n}`,
    );
  });
});

describe("renderSidecar", () => {
  const metadata = { v: 1, name: "t", schema: { type: "object" }, parameters: [] };
  const entry = (
    key: string,
    modulePath: string,
    exportName: string,
    methodName?: string,
    declaredName?: string,
  ): SidecarEntry => ({
    key,
    modulePath,
    exportName,
    methodName,
    declaredName,
    metadata,
  });

  it("imports with relative JavaScript specifiers from the sidecar's folder", () => {
    expect(importSpecifier("/p/src/tooltype.generated.ts", "/p/src/a/weather.ts")).toBe("./a/weather.js");
    expect(importSpecifier("/p/src/gen/out.ts", "/p/lib/x.mts")).toBe("../../lib/x.mjs");
    expect(importSpecifier("/p/src/out.ts", "/p/src/y.cts")).toBe("./y.cjs");
  });

  it("gives same-named exports of different modules distinct local names, in a stable order", () => {
    const entries = [
      entry("b.ts#Tools.x", "/p/b.ts", "Tools", "x"),
      entry("a.ts#Tools.y", "/p/a.ts", "Tools", "y"),
      entry("c.ts#default.z", "/p/c-d.ts", "default", "z"),
    ];
    const text = renderSidecar(entries, { outFile: "/p/out.ts" });
    expect(text).toContain('import { Tools } from "./a.js";');
    expect(text).toContain('import { Tools as Tools_2 } from "./b.js";');
    expect(text).toContain('import { default as cD } from "./c-d.js";');
    expect(text.indexOf('registerToolMetadata(Tools, "y"')).toBeLessThan(
      text.indexOf('registerToolMetadata(Tools_2, "x"'),
    );
    expect(renderSidecar([...entries].reverse(), { outFile: "/p/out.ts" })).toBe(text);
  });

  it("is still a module when there is no tool", () => {
    const text = renderSidecar([], { outFile: "/p/out.ts", coreModule: "my-core" });
    expect(text).toContain('import { registerToolMetadata } from "my-core";');
    expect(text.trimEnd().endsWith("export {};")).toBe(true);
  });
});
