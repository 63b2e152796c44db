// The scripted bench model reads a conversation as chat messages; a Gemini request holds it as
// `contents`. This reads the Gemini form as the messages the model needs: the user's text, and
// one tool message per function response.

/** The chat messages a generateContent body stands for, or undefined when it is not one. */
export function geminiMessages(body) {
  if (!Array.isArray(body?.contents)) return undefined;
  const messages = [];
  for (const content of body.contents) {
    for (const part of content.parts ?? []) {
      if (part.functionResponse) messages.push({ role: "tool" });
      else if (content.role === "user" && typeof part.text === "string")
        messages.push({ role: "user", content: part.text });
    }
  }
  return messages;
}
