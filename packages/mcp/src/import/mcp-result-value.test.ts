import { isToolError } from "@tooltype/core";
import { contentText, mcpResultValue } from "./mcp-result-value.js";

describe("mcpResultValue", () => {
  it("prefers structuredContent over the text", () => {
    expect(mcpResultValue("t", { content: [{ type: "text", text: "{}" }], structuredContent: { a: 1 } })).toEqual({
      a: 1,
    });
  });

  it("makes an error result of isError, with the text or a message naming the tool", () => {
    const failed = mcpResultValue("t", { content: [{ type: "text", text: "no access" }], isError: true });
    expect(isToolError(failed) && failed.message).toBe("no access");
    const silent = mcpResultValue("search", { content: [], isError: true });
    expect(isToolError(silent) && silent.message).toContain("search");
  });

  it("reads the 2024-10 `toolResult` shape", () => {
    expect(mcpResultValue("t", { toolResult: { rows: 2 } })).toBe('{"rows":2}');
  });
});

describe("contentText", () => {
  it("joins text, embedded text resources and descriptions of binary content, one block a line", () => {
    const text = contentText([
      { type: "text", text: "a" },
      { type: "resource", resource: { uri: "file:///x.txt", text: "inside" } },
      { type: "resource", resource: { uri: "file:///x.bin", mimeType: "application/octet-stream", blob: "AAAA" } },
      { type: "resource_link", uri: "file:///y", name: "y" },
      { type: "audio", data: "AAAAAA==", mimeType: "audio/wav" },
      { type: "unknown-kind" },
      "not a block",
    ]);
    expect(text).toBe(
      "a\ninside\n[resource file:///x.bin (application/octet-stream), 3 bytes]\n[resource file:///y]\n[audio audio/wav, 4 bytes]",
    );
  });

  it("is empty for content that is not a list", () => {
    expect(contentText(undefined)).toBe("");
    expect(contentText("text")).toBe("");
  });
});
