import { runSchemaCases } from "../../fixtures/schema-cases.js";

runSchemaCases("JSDoc constraint tags", [
  {
    name: "@minimum and @maximum",
    source: "interface T {\n  /** @minimum 1\n   * @maximum 5 */\n  stars: number;\n}",
    valid: [{ stars: 1 }, { stars: 5 }],
    invalid: [{ stars: 0 }, { stars: 6 }],
  },
  {
    name: "fractional @minimum",
    source: "interface T {\n  /** @minimum 0.5 */\n  ratio: number;\n}",
    valid: [{ ratio: 0.5 }, { ratio: 3 }],
    invalid: [{ ratio: 0.49 }, { ratio: 0 }],
    check: (s) => expect((s.properties as Record<string, { minimum: number }>).ratio?.minimum).toBe(0.5),
  },
  {
    name: "@exclusiveMinimum and @exclusiveMaximum",
    source: "interface T {\n  /** @exclusiveMinimum 0\n   * @exclusiveMaximum 1 */\n  p: number;\n}",
    valid: [{ p: 0.5 }],
    invalid: [{ p: 0 }, { p: 1 }],
  },
  {
    name: "@multipleOf",
    source: "interface T {\n  /** @multipleOf 5 */\n  step: number;\n}",
    valid: [{ step: 10 }],
    invalid: [{ step: 7 }],
  },
  {
    name: "@minLength and @maxLength",
    source: "interface T {\n  /** @minLength 2\n   * @maxLength 3 */\n  code: string;\n}",
    valid: [{ code: "ab" }, { code: "abc" }],
    invalid: [{ code: "a" }, { code: "abcd" }],
  },
  {
    name: "@pattern",
    source: "interface T {\n  /** @pattern ^[A-Z]{3}$ */\n  currency: string;\n}",
    valid: [{ currency: "EUR" }],
    invalid: [{ currency: "eur" }, { currency: "EURO" }],
  },
  {
    name: "@format",
    source: "interface T {\n  /** @format email */\n  to: string;\n  /** @format uuid */\n  id: string;\n}",
    valid: [{ to: "a@example.com", id: "123e4567-e89b-12d3-a456-426614174000" }],
    invalid: [
      { to: "not an email", id: "123e4567-e89b-12d3-a456-426614174000" },
      { to: "a@example.com", id: "x" },
    ],
  },
  {
    name: "@minItems, @maxItems and @uniqueItems",
    source: "interface T {\n  /** @minItems 1\n   * @maxItems 2\n   * @uniqueItems */\n  tags: string[];\n}",
    valid: [{ tags: ["a"] }, { tags: ["a", "b"] }],
    invalid: [{ tags: [] }, { tags: ["a", "b", "c"] }, { tags: ["a", "a"] }],
  },
  {
    name: "@integer",
    source: "interface T {\n  /** @integer */\n  count: number;\n  /** @integer */\n  maybe?: number | null;\n}",
    valid: [{ count: 2 }, { count: 2, maybe: null }],
    invalid: [{ count: 2.5 }, { count: 1, maybe: 0.5 }],
  },
  {
    name: "value constraints on an array apply to its items",
    source: "interface T {\n  /** @minimum 0\n   * @maxItems 2 */\n  scores: number[];\n}",
    valid: [{ scores: [0, 9] }],
    invalid: [{ scores: [-1] }, { scores: [1, 2, 3] }],
  },
  {
    name: "@default, @example and the description are recorded",
    source:
      'interface T {\n  /**\n   * How many results to return.\n   * @default 10\n   * @example 25\n   */\n  limit?: number;\n  /** @default "asc" */\n  order?: string;\n}',
    valid: [{}, { limit: 3 }],
    invalid: [{ limit: "3" }],
    check: (s) => {
      const properties = s.properties as Record<string, unknown>;
      expect(properties.limit).toEqual({
        type: "number",
        description: "How many results to return.",
        default: 10,
        examples: [25],
      });
      expect(properties.order).toEqual({ type: "string", default: "asc" });
    },
  },
  {
    name: "tags on a type alias apply where it is used",
    source: "/** @minimum 0\n * @maximum 150 */\ntype Age = number;\ninterface T { age: Age; ages: Age[] }",
    valid: [{ age: 30, ages: [1] }],
    invalid: [
      { age: -1, ages: [] },
      { age: 1, ages: [200] },
    ],
  },
]);
