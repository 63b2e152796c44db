import type { RecordedRequest, ScriptedModelServer } from "@tooltype/testing";

/**
 * What the scripted model does in this example: look at the notes, try a path outside the
 * workspace (and read the refusal), ask the time in Paris, then write the updated notes.
 */
export function scriptNotesTurns(server: ScriptedModelServer, lastResult: (request: RecordedRequest) => string): void {
  server.enqueue(
    {
      toolCalls: [
        { id: "read", name: "files_read", arguments: { path: "notes.md" } },
        { id: "escape", name: "files_read", arguments: { path: "../../etc/passwd" } },
        { id: "time", name: "time_now", arguments: { timeZone: "Europe/Paris" } },
      ],
    },
    (request) => {
      const { local } = JSON.parse(lastResult(request)) as { local: string };
      return {
        toolCalls: [
          {
            id: "write",
            name: "files_write",
            arguments: { path: "notes.md", content: `# Notes\n- ship the release\n- asked at ${local} (Paris)\n` },
          },
        ],
      };
    },
    { text: "Done: your notes have the new line." },
  );
}
