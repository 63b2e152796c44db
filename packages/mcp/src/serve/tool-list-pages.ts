import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/** One page of a list and the cursor of the next page (absent on the last). */
export interface ListPage<T> {
  items: readonly T[];
  nextCursor?: string;
}

/**
 * The page of `items` that starts at `cursor` (an offset this server handed out), `pageSize`
 * long; no page size: everything at once. A cursor this server never made is an MCP
 * `InvalidParams` error, as the protocol asks.
 */
export function pageOf<T>(items: readonly T[], cursor: string | undefined, pageSize: number | undefined): ListPage<T> {
  let start = 0;
  if (cursor !== undefined) {
    if (!/^(0|[1-9][0-9]{0,8})$/.test(cursor))
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown cursor "${cursor.slice(0, 40)}": list the tools again from the start.`,
      );
    start = Math.min(Number(cursor), items.length);
  }
  if (pageSize === undefined) return { items: items.slice(start) };
  const end = start + pageSize;
  return end < items.length
    ? { items: items.slice(start, end), nextCursor: String(end) }
    : { items: items.slice(start) };
}
