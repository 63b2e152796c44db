// The stream scenario's one tool: `take_notes` takes a list of notes; the model streams its
// arguments in many small deltas.

/** The tool's JSON Schema. */
export const notesSchema = {
  type: "object",
  properties: { notes: { type: "array", items: { type: "string" } } },
  required: ["notes"],
  additionalProperties: false,
};

/** Arguments text of about `deltas` × 4 characters, and the delta size that cuts it in `deltas` pieces. */
export function streamedArguments(deltas) {
  const notes = [];
  let text = "";
  for (let i = 0; text.length < deltas * 4; i++) {
    notes.push(`note ${i}: check the forecast`);
    text = JSON.stringify({ notes });
  }
  return { text, deltaSize: Math.ceil(text.length / deltas), notes: notes.length };
}
