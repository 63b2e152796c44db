// Public API of @tooltype/stores: conversation stores on SQLite and PostgreSQL. The drivers are
// passed in by the application (a better-sqlite3 Database, a pg Pool): this package loads neither.
export type {
  ConversationStore,
  ConversationStoreOptions,
  LoadedConversation,
  NothingToResume,
  PendingCall,
  PendingConversation,
  Resumed,
  ResumeResult,
} from "./conversation-store.js";
export {
  ConflictError,
  ConversationBusyError,
  ConversationIdError,
  ConversationNotFoundError,
  StoredConversationError,
  StoreSchemaError,
} from "./store-errors.js";
export { SqliteConversationStore } from "./sqlite/sqlite-conversation-store.js";
export type { SqliteConversationStoreOptions } from "./sqlite/sqlite-conversation-store.js";
export type { SqliteDatabase, SqliteStatement } from "./sqlite/sqlite-conversation-rows.js";
export { PostgresConversationStore } from "./postgres/postgres-conversation-store.js";
export type { PostgresConversationStoreOptions } from "./postgres/postgres-conversation-store.js";
export type { PostgresQueryable } from "./postgres/postgres-conversation-rows.js";
