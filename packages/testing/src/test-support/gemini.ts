// Test helper: the Gemini API's response shape as `@google/genai` types it, enum values as their
// strings (the JSON the server sends), so a test's expected body is checked against the SDK's types.
import type { GenerateContentResponse } from "@google/genai";

/** `T` as JSON: enum members as their string values; every field optional (the SDK's getters are no fields). */
export type Wire<T> = T extends string
  ? `${T}`
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]?: Wire<T[K]> }
      : T;

/** A generateContent response body, typed by `@google/genai` (its helper getters left out). */
export type GeminiResponse = Wire<
  Omit<
    GenerateContentResponse,
    "text" | "data" | "functionCalls" | "executableCode" | "codeExecutionResult" | "sdkHttpResponse"
  >
>;
