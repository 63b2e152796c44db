import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Context, OpenAI, ToolPolicyStatus } from "@tooltype/core";
import { ScriptedModelServer } from "@tooltype/testing";
import { builtins } from "./builtins.js";
import { tempDir } from "./fixtures/temp-dir.js";

// The builtins in the completions loop, against the scripted model server: the policy decides
// each call, refusals go back to the model as error results, and a write waits for approval.
describe("builtins through completions", () => {
  let server: ScriptedModelServer;
  let dir: ReturnType<typeof tempDir>;
  let ep: OpenAI;
  beforeEach(async () => {
    server = await ScriptedModelServer.start();
    dir = tempDir("e2e");
    mkdirSync(join(dir.path, "root"));
    writeFileSync(join(dir.path, "root", "todo.md"), "- buy milk\n");
    writeFileSync(join(dir.path, "secret.txt"), "SECRET");
    ep = new OpenAI({ baseURL: server.url });
    for (const tool of builtins({ files: { root: join(dir.path, "root"), write: true }, time: true }))
      ep.tools.add(tool);
  });
  afterEach(async () => {
    await ep.close();
    await server.close();
    dir.remove();
  });

  it("runs allowed reads, answers refusals to the model, and holds a write until it is approved", async () => {
    server.enqueue(
      {
        toolCalls: [
          { id: "c1", name: "files_read", arguments: { path: "../secret.txt" } },
          { id: "c2", name: "files_read", arguments: { path: "todo.md" } },
          { id: "c3", name: "files_write", arguments: { path: "todo.md", content: "- buy milk\n- call Ann\n" } },
        ],
      },
      { text: "Added it to your list." },
    );
    const ctx = new Context();
    ctx.user("Add 'call Ann' to my todo list.");
    ctx.toolPolicy.allow("files_read", "files_list", "files_search", "time_now"); // writes need a person

    const first = await ep.completions("scripted", ctx);
    expect(first.stopped).toBe("attention");
    expect(first.calls.map((call) => call.policyResult?.status)).toEqual([
      ToolPolicyStatus.Allowed,
      ToolPolicyStatus.Allowed,
      ToolPolicyStatus.Pending,
    ]);
    expect(first.calls[0]!.result).toEqual({
      isError: true,
      output: JSON.stringify({
        error: '"../secret.txt" uses "..": paths stay inside the root; name the file from the root instead.',
      }),
    });
    expect(JSON.parse(first.calls[1]!.result!.output).content).toBe("- buy milk\n");
    expect(readFileSync(join(dir.path, "root", "todo.md"), "utf8")).toBe("- buy milk\n");

    ctx.approve("c3");
    const second = await ep.completions("scripted", ctx);
    expect(second.stopped).toBe("done");
    expect(second.text).toBe("Added it to your list.");
    expect(readFileSync(join(dir.path, "root", "todo.md"), "utf8")).toBe("- buy milk\n- call Ann\n");

    const sent = server.requests[1]!.body as {
      messages: Array<{ role: string; tool_call_id?: string; content: string }>;
    };
    const toolMessages = sent.messages.filter((m) => m.role === "tool");
    expect(toolMessages.map((m) => m.tool_call_id)).toEqual(["c1", "c2", "c3"]);
    expect(toolMessages[0]!.content).toContain("paths stay inside the root");
    expect(JSON.stringify(sent)).not.toContain("SECRET");
  });

  it("never runs a denied builtin", async () => {
    server.enqueue({ toolCalls: [{ id: "w", name: "files_write", arguments: { path: "x.txt", content: "x" } }] });
    const ctx = new Context();
    ctx.user("Write x.");
    ctx.toolPolicy.allow("files_*").deny("files_write", "files_edit");
    const completion = await ep.completions("scripted", ctx);
    expect(completion.calls[0]!.policyResult?.status).toBe(ToolPolicyStatus.Denied);
    expect(existsSync(join(dir.path, "root", "x.txt"))).toBe(false);
  });
});
