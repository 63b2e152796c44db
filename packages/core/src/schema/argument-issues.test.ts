import { argumentIssues, displayPath, formatArgumentIssues } from "./argument-issues.js";
import { validatorFor } from "./validation.js";

function issuesFor(schema: Record<string, unknown>, data: unknown) {
  return argumentIssues(validatorFor(schema)(data) ?? []);
}

describe("argument issues", () => {
  it("writes JSON pointers as readable paths", () => {
    expect(displayPath("")).toBe("arguments");
    expect(displayPath("/items/0/name")).toBe("items[0].name");
    expect(displayPath("/a~1b/c d")).toBe('["a/b"]["c d"]');
  });

  it("keeps pointer paths on the issues, one per failing path", () => {
    const schema = {
      type: "object",
      properties: {
        user: {
          type: "object",
          properties: { age: { type: "integer", maximum: 150 }, email: { type: "string" } },
          required: ["email"],
          additionalProperties: false,
        },
      },
      required: ["user"],
    };
    expect(issuesFor(schema, { user: { age: 200, nick: "x" } })).toEqual([
      { path: "/user/email", message: "required property is missing" },
      { path: "/user/nick", message: "unexpected property (allowed: age, email)" },
      { path: "/user/age", message: "must be <= 150 (got 200)" },
    ]);
  });

  it("summarises a union none of whose branches fits, and explains a const miss", () => {
    expect(
      issuesFor(
        { type: "object", properties: { v: { anyOf: [{ type: "string" }, { type: "number" }] } } },
        { v: true },
      ),
    ).toEqual([{ path: "/v", message: "must be a string or a number (got true)" }]);
    expect(issuesFor({ type: "object", properties: { mode: { const: "fast" } } }, { mode: "slow" })).toEqual([
      { path: "/mode", message: 'must be "fast" (got "slow")' },
    ]);
  });

  it("limits the message to a few lines", () => {
    const issues = Array.from({ length: 12 }, (_, i) => ({ path: `/p${i}`, message: "required property is missing" }));
    const text = formatArgumentIssues("wide", issues);
    expect(text.split("\n")).toHaveLength(1 + 8 + 1);
    expect(text.endsWith("- … and 4 more")).toBe(true);
  });

  it("shortens long values it quotes", () => {
    const [issue] = issuesFor({ type: "object", properties: { n: { type: "number" } } }, { n: "y".repeat(500) });
    expect(issue?.message).toBe(`must be a number (got "${"y".repeat(38)}…)`);
  });
});
