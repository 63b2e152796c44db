// Test helpers: post to the scripted server through a real socket with undici, and check
// that a JSON reply has the OpenAI SDK's ChatCompletion shape at compile time.
import { expect } from "@jest/globals";
import type { ChatCompletion, ChatCompletionChunk } from "openai/resources/chat/completions";
import { request } from "undici";

/** A reply read completely: status, lower-cased headers, text. */
export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** POSTs `body` (JSON unless a string) to `url` and reads the whole reply. */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await request(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

/**
 * Asserts that a reply body equals `expected` (apart from its generated `id` and `created`). `expected` is typed as the OpenAI SDK's
 * ChatCompletion, so the compiler checks the shape the test asserts against the SDK's own type.
 */
export function expectChatCompletion(text: string, expected: Omit<ChatCompletion, "id" | "created">): void {
  const { id, created, ...rest } = JSON.parse(text) as ChatCompletion;
  expect(typeof id).toBe("string");
  expect(typeof created).toBe("number");
  expect(rest).toEqual(expected);
}

/** Same as `expectChatCompletion`, for one streamed chunk (the SDK's ChatCompletionChunk). */
export function expectChunk(data: string, expected: Omit<ChatCompletionChunk, "id" | "created">): void {
  const { id, created, ...rest } = JSON.parse(data) as ChatCompletionChunk;
  expect(typeof id).toBe("string");
  expect(typeof created).toBe("number");
  expect(rest).toEqual(expected);
}
