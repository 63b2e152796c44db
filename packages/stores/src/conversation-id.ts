/// <reference lib="es2024.string" />
import { ConversationIdError } from "./store-errors.js";

/**
 * The longest id a store takes, in UTF-16 units: at 3 bytes of UTF-8 each, well under the about
 * 2,700 bytes a PostgreSQL index entry may hold.
 */
export const MAX_ID_LENGTH = 512;

/**
 * Why `id` cannot name a row, or undefined when it can. SQLite and PostgreSQL store text as
 * UTF-8: a lone surrogate becomes U+FFFD (two ids, one row) or bytes that read back as another
 * id, and PostgreSQL refuses a NUL outright.
 */
export function idProblem(id: unknown): string | undefined {
  if (typeof id !== "string") return "a conversation id is a string";
  if (id.length > MAX_ID_LENGTH) return `it is ${id.length} characters long, and ids have at most ${MAX_ID_LENGTH}`;
  if (id.includes("\0")) return "it holds a NUL character, which PostgreSQL cannot store";
  if (!id.isWellFormed())
    return "it holds an unpaired UTF-16 surrogate; ids must be well-formed Unicode (a database would store another id)";
  return undefined;
}

/** Throws `ConversationIdError` for an id no store can keep (see `idProblem`). */
export function checkId(id: unknown): asserts id is string {
  const problem = idProblem(id);
  if (problem !== undefined) throw new ConversationIdError(id, problem);
}
