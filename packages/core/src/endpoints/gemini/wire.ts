import type { JSONObject } from "../../json.js";

// The request side of the Gemini API's generateContent wire format, as tooltype sends it
// (field names as the REST API spells them; enum values as their names).

/** A function call the model made, sent back in its `model` content (`id` only when the server gave one). */
export interface GeminiWireFunctionCall {
  name: string;
  args: JSONObject;
  id?: string;
}

/** The answer to one function call (`response.output` for a result, `response.error` for an error). */
export interface GeminiWireFunctionResponse {
  name: string;
  response: { output: string } | { error: string };
  id?: string;
}

/**
 * One part of a content. Parts a server sent (a thought, code execution, a server tool's call) go
 * back as they came; tooltype itself writes text, function-call and function-response parts.
 */
export interface GeminiWirePart {
  text?: string;
  /** A thought (reasoning), never visible text. */
  thought?: boolean;
  /** Opaque; sent back exactly as received, on the part it came with. */
  thoughtSignature?: string;
  functionCall?: GeminiWireFunctionCall;
  functionResponse?: GeminiWireFunctionResponse;
}

/** One entry of `contents`: the API has the roles `user` and `model` only. */
export interface GeminiWireContent {
  role: "user" | "model";
  parts: GeminiWirePart[];
}

/** One function the model may call; the schema goes whole in `parametersJsonSchema`. */
export interface GeminiWireFunctionDeclaration {
  name: string;
  description?: string;
  parametersJsonSchema: JSONObject;
}

/** `toolConfig.functionCallingConfig`: `AUTO`, `NONE`, or `ANY` (optionally among `allowedFunctionNames`). */
export interface GeminiWireToolConfig {
  functionCallingConfig: { mode: "AUTO" | "ANY" | "NONE"; allowedFunctionNames?: string[] };
}

/** `generationConfig.thinkingConfig`: a token budget (Gemini 2.5) or a level (Gemini 3), and whether thoughts are shown. */
export interface GeminiThinkingConfig {
  /** Tokens the model may think with; 0 turns thinking off where the model allows it, -1 lets it decide. */
  thinkingBudget?: number;
  /** How hard the model thinks (Gemini 3): `MINIMAL`, `LOW`, `MEDIUM` or `HIGH`. */
  thinkingLevel?: "MINIMAL" | "LOW" | "MEDIUM" | "HIGH";
  /** Send thought summaries as `thought: true` parts (read as reasoning, never as text). */
  includeThoughts?: boolean;
}

/** The `generationConfig` fields tooltype sets. */
export interface GeminiWireGenerationConfig {
  maxOutputTokens?: number;
  temperature?: number;
  thinkingConfig?: GeminiThinkingConfig;
  responseMimeType?: string;
  responseJsonSchema?: unknown;
}

/** The body tooltype sends, before `ModelConfig.extra` is merged into it (the model is in the path). */
export interface GeminiRequestBody {
  contents: GeminiWireContent[];
  systemInstruction?: { parts: Array<{ text: string }> };
  tools?: Array<{ functionDeclarations: GeminiWireFunctionDeclaration[] }>;
  toolConfig?: GeminiWireToolConfig;
  generationConfig?: GeminiWireGenerationConfig;
}
