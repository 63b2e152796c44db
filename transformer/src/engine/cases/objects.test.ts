import { runSchemaCases } from "../../fixtures/schema-cases.js";

runSchemaCases("objects", [
  {
    name: "interface: required, optional and undefined-including properties, closed",
    source: "interface T { name: string; age?: number; nick: string | undefined }",
    valid: [{ name: "a" }, { name: "a", age: 3, nick: "b" }],
    invalid: [{}, { name: "a", extra: 1 }, { name: 1 }, { name: "a", age: "3" }],
    check: (s) => expect(s.required).toEqual(["name"]),
  },
  {
    name: "nested type literal closed too",
    source: "type T = { user: { id: string; tags?: string[] } };",
    valid: [{ user: { id: "1" } }],
    invalid: [{ user: { id: "1", admin: true } }, { user: {} }],
  },
  {
    name: "properties keep declared order",
    source: "interface T { zeta: number; alpha: string; mid: boolean }",
    valid: [{ zeta: 1, alpha: "", mid: false }],
    invalid: [],
    check: (s) => expect(Object.keys(s.properties as object)).toEqual(["zeta", "alpha", "mid"]),
  },
  {
    name: "interface extends",
    source: "interface Base { id: string }\ninterface T extends Base { label: string }",
    valid: [{ id: "1", label: "x" }],
    invalid: [{ label: "x" }, { id: "1", label: "x", other: 0 }],
  },
  {
    name: "class instance: data properties only (methods, getters, private members skipped)",
    source: `class T {
  title = "";
  pages?: number;
  private secret = 1;
  get upper(): string { return this.title.toUpperCase(); }
  read(): void {}
}`,
    valid: [{ title: "Dune" }, { title: "Dune", pages: 412 }],
    invalid: [{}, { title: "Dune", secret: 2 }, { title: "Dune", upper: "DUNE" }],
    check: (s) => expect(Object.keys(s.properties as object)).toEqual(["title", "pages"]),
  },
  {
    name: "string index signature",
    source: "interface T { [key: string]: number }",
    valid: [{}, { a: 1, b: 2 }],
    invalid: [{ a: "1" }],
  },
  {
    name: "Record<string, T>",
    source: "type T = Record<string, boolean>;",
    valid: [{ x: true }],
    invalid: [{ x: 1 }, []],
  },
  {
    name: "Record over a key union: each key required",
    source: 'type T = Record<"low" | "high", number>;',
    valid: [{ low: 1, high: 2 }],
    invalid: [{ low: 1 }, { low: 1, high: 2, mid: 3 }],
  },
  {
    name: "Record<string, never> is the empty object",
    source: "type T = Record<string, never>;",
    valid: [{}],
    invalid: [{ a: 1 }, { a: null }],
    check: (s) => expect(s).toEqual({ type: "object", additionalProperties: false }),
  },
  {
    name: "named properties beside an index signature",
    source: "interface T { id: string; [key: string]: string }",
    valid: [{ id: "1", other: "x" }],
    invalid: [{ other: "x" }, { id: "1", n: 2 }],
  },
  {
    name: "number index signature: numeric keys only",
    source: "interface T { [index: number]: string }",
    valid: [{ "0": "a", "12": "b" }],
    invalid: [{ a: "x" }, { "1": 2 }],
  },
  {
    name: "template literal index signature",
    source: "interface T { [key: `data-${string}`]: string }",
    valid: [{ "data-id": "1" }],
    invalid: [{ id: "1" }, { "data-id": 1 }],
  },
  {
    // Ajv itself ignores a "__proto__" entry of `properties`, so only the schema's own keys are checked here.
    name: "a __proto__ property is a property, not a prototype",
    source: "interface T { __proto__?: string; constructor: number }",
    valid: [{ constructor: 1 }],
    invalid: [{ constructor: "1" }],
    check: (s) => {
      expect(Object.keys(s.properties as object)).toEqual(["__proto__", "constructor"]);
      expect(Object.getPrototypeOf(s.properties)).toBe(Object.prototype);
    },
  },
  {
    name: "empty type literal {}",
    source: "type T = { wrapped: {} };",
    valid: [{ wrapped: {} }, { wrapped: { any: 1 } }],
    invalid: [{}],
  },
]);

runSchemaCases("mapped and utility types", [
  {
    name: "Partial",
    source: "interface P { a: number; b: string }\ntype T = Partial<P>;",
    valid: [{}, { a: 1 }],
    invalid: [{ a: "1" }, { c: 1 }],
  },
  {
    name: "Required",
    source: "interface P { a?: number; b?: string }\ntype T = Required<P>;",
    valid: [{ a: 1, b: "" }],
    invalid: [{ a: 1 }],
  },
  {
    name: "Pick",
    source: 'interface P { a: number; b: string; c: boolean }\ntype T = Pick<P, "a" | "c">;',
    valid: [{ a: 1, c: true }],
    invalid: [{ a: 1, b: "", c: true }],
  },
  {
    name: "Omit",
    source: 'interface P { a: number; b: string; c: boolean }\ntype T = Omit<P, "b">;',
    valid: [{ a: 1, c: false }],
    invalid: [{ a: 1, b: "x", c: false }, { a: 1 }],
  },
  { name: "Readonly", source: "interface P { a: number }\ntype T = Readonly<P>;", valid: [{ a: 1 }], invalid: [{}] },
  {
    name: "key remapping with as",
    source:
      "interface P { name: string; age: number }\ntype T = { [K in keyof P as `get${Capitalize<K & string>}`]: () => P[K] } extends infer G ? { [K in keyof P as `new_${K & string}`]: P[K] } : never;",
    valid: [{ new_name: "a", new_age: 3 }],
    invalid: [{ name: "a", age: 3 }, { new_name: "a" }],
    check: (s) => expect(Object.keys(s.properties as object)).toEqual(["new_name", "new_age"]),
  },
  {
    name: "key remapping that filters keys",
    source:
      "interface P { id: string; count: number; label: string }\ntype T = { [K in keyof P as P[K] extends string ? K : never]: P[K] };",
    valid: [{ id: "1", label: "x" }],
    invalid: [{ id: "1", label: "x", count: 2 }, { id: "1" }],
  },
  {
    name: "homomorphic mapped type",
    source: "interface P { a: number; b: number }\ntype T = { [K in keyof P]: string };",
    valid: [{ a: "x", b: "y" }],
    invalid: [{ a: 1, b: "y" }],
  },
  {
    name: "generic instantiated",
    source: "interface Page<Item> { items: Item[]; next?: string }\ntype T = Page<{ id: number }>;",
    valid: [{ items: [{ id: 1 }] }],
    invalid: [{ items: [{ id: "1" }] }, { items: [{ id: 1, x: 1 }] }],
  },
]);
