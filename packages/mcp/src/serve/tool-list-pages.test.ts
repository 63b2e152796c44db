import fc from "fast-check";
import { McpError } from "@modelcontextprotocol/sdk/types.js";
import { pageOf } from "./tool-list-pages.js";

describe("pageOf", () => {
  it("hands out every item once, in order, page by page", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 40 }),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
        (items, pageSize) => {
          const seen: number[] = [];
          let cursor: string | undefined;
          let pages = 0;
          do {
            const page = pageOf(items, cursor, pageSize);
            if (pageSize !== undefined) expect(page.items.length).toBeLessThanOrEqual(pageSize);
            seen.push(...page.items);
            cursor = page.nextCursor;
            pages += 1;
          } while (cursor !== undefined);
          expect(seen).toEqual(items);
          expect(pages).toBe(pageSize === undefined ? 1 : Math.max(1, Math.ceil(items.length / pageSize)));
        },
      ),
    );
  });

  it("refuses a cursor it never made with an MCP InvalidParams error", () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^(0|[1-9][0-9]{0,8})$/.test(s)),
        (cursor) => {
          expect(() => pageOf([1, 2, 3], cursor, 2)).toThrow(McpError);
        },
      ),
    );
  });

  it("answers an empty last page for a cursor past the end (the list shrank between pages)", () => {
    expect(pageOf([1, 2], "5", 2)).toEqual({ items: [] });
  });
});
