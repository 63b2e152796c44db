import { ToolPolicyStatus } from "@tooltype/core";
import { ScriptedModelServer } from "@tooltype/testing";
import { lastToolResult } from "../shared/model-target.js";
import { runBuiltins } from "./run-builtins.js";
import { scriptNotesTurns } from "./scripted-turns.js";

describe("the builtins example", () => {
  let server: ScriptedModelServer;
  beforeEach(async () => {
    server = await ScriptedModelServer.start();
  });
  afterEach(async () => {
    await server.close();
  });

  it("reads and tells the time on its own, refuses the escape, and writes only once approved", async () => {
    scriptNotesTurns(server, lastToolResult);
    const lines: string[] = [];
    const run = await runBuiltins({ baseURL: server.url, model: "scripted", print: (line) => lines.push(line) });

    expect(run.first.stopped).toBe("attention");
    const escape = run.first.calls.find((call) => call.id === "escape")!;
    expect(escape.result?.isError).toBe(true);
    expect(escape.result?.output).toContain("paths stay inside the root");
    // The call objects live on in the context (approved since); the printed report shows the moment.
    const held = lines.findIndex((line) => line.startsWith("Model called files_write("));
    expect(lines[held + 1]).toBe("  policy: pending; result: (not run)");
    expect(lines[held + 2]).toBe("Stopped: attention");
    expect(run.second.calls.find((call) => call.id === "write")!.policyResult?.status).toBe(ToolPolicyStatus.Allowed);

    expect(run.second.stopped).toBe("done");
    expect(run.notes).toMatch(/^# Notes\n- ship the release\n- asked at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d \(Paris\)\n$/);
    expect(lines).toContain("Tools offered: files_read, files_list, files_search, files_write, files_edit, time_now");
  });
});
