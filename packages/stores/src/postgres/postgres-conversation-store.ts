import type { ConversationStoreOptions } from "../conversation-store.js";
import { RowConversationStore } from "../row-conversation-store.js";
import { PostgresConversationRows, type PostgresQueryable } from "./postgres-conversation-rows.js";

/** Options of `PostgresConversationStore`. */
export interface PostgresConversationStoreOptions extends ConversationStoreOptions {
  /** A `pg` 8 `Pool` (or `Client`): `new Pool({ connectionString })`. The store never closes it. */
  database: PostgresQueryable;
}

/**
 * Conversations in PostgreSQL (`pg` 8): for services running on more than one machine. Every
 * write is one conditional statement, so instances need no lock server.
 */
export class PostgresConversationStore extends RowConversationStore {
  constructor(options: PostgresConversationStoreOptions) {
    super(new PostgresConversationRows(options.database, options.table ?? "tooltype_conversations"), options);
  }
}
