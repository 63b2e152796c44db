import type { ConversationStoreOptions } from "../conversation-store.js";
import { RowConversationStore } from "../row-conversation-store.js";
import { SqliteConversationRows, type SqliteDatabase } from "./sqlite-conversation-rows.js";

/** Options of `SqliteConversationStore`. */
export interface SqliteConversationStoreOptions extends ConversationStoreOptions {
  /** An open `better-sqlite3` 12 database: `new Database("conversations.db")`. Several processes may share the file. */
  database: SqliteDatabase;
}

/**
 * Conversations in one SQLite file (`better-sqlite3` 12): the embedded default, no server to
 * run. Processes on one machine may share the file; the store switches it to WAL mode.
 */
export class SqliteConversationStore extends RowConversationStore {
  constructor(options: SqliteConversationStoreOptions) {
    super(new SqliteConversationRows(options.database, options.table ?? "tooltype_conversations"), options);
  }
}
