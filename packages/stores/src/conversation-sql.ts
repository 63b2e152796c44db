import { ROW_COLUMNS, type ConversationRow } from "./conversation-rows.js";
import { StoreSchemaError } from "./store-errors.js";

/** How one SQL database spells what the conversation table needs. */
export interface SqlSpelling {
  /** The n-th bound parameter (1-based): `?` in SQLite, `$n` in PostgreSQL. */
  parameter(n: number): string;
  /** The column type of a time in milliseconds since the epoch. */
  timeType: string;
}

/** The text of every statement a conversation table is used with, for one table in one database's spelling (`SqlSpelling`). */
export interface ConversationStatements {
  createTable: string;
  /** `[index name suffix, columns]` of the two listing indexes. */
  indexes: ReadonlyArray<readonly [string, string]>;
  get: string;
  insert: string;
  /** Parameters: see `updateParameters`. */
  update: string;
  /** Parameters: lease until, id, version. */
  renew: string;
  remove: string;
  /** Parameters: id, version. */
  removeAt: string;
  /** Parameter: limit. */
  awaiting: string;
  /** Parameters: now, limit. */
  ready: string;
}

/** The statements of `table` (a name already checked by `checkedTableName`). */
export function conversationStatements(table: string, spelling: SqlSpelling): ConversationStatements {
  const p = (n: number): string => spelling.parameter(n);
  const columns = ROW_COLUMNS.join(", ");
  const time = spelling.timeType;
  return {
    createTable: `CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, version INTEGER NOT NULL, body TEXT NOT NULL,
      awaiting INTEGER NOT NULL, ready INTEGER NOT NULL, lease_until ${time} NOT NULL, updated_at ${time} NOT NULL)`,
    indexes: [
      ["awaiting", "awaiting, updated_at"],
      ["ready", "ready, updated_at"],
    ],
    get: `SELECT ${columns} FROM ${table} WHERE id = ${p(1)}`,
    insert: `INSERT INTO ${table} (${columns}) VALUES (${ROW_COLUMNS.map((_, i) => p(i + 1)).join(", ")}) ON CONFLICT (id) DO NOTHING`,
    update: `UPDATE ${table} SET version = ${p(1)}, body = ${p(2)}, awaiting = ${p(3)}, ready = ${p(4)}, lease_until = ${p(5)}, updated_at = ${p(6)}
      WHERE id = ${p(7)} AND version = ${p(8)} AND lease_until <= ${p(9)}`,
    renew: `UPDATE ${table} SET lease_until = ${p(1)} WHERE id = ${p(2)} AND version = ${p(3)}`,
    remove: `DELETE FROM ${table} WHERE id = ${p(1)}`,
    removeAt: `DELETE FROM ${table} WHERE id = ${p(1)} AND version = ${p(2)}`,
    awaiting: `SELECT ${columns} FROM ${table} WHERE awaiting > 0 ORDER BY updated_at, id LIMIT ${p(1)}`,
    ready: `SELECT id FROM ${table} WHERE ready = 1 AND lease_until <= ${p(1)} ORDER BY updated_at, id LIMIT ${p(2)}`,
  };
}

/** The parameters of `insert`, in `ROW_COLUMNS` order. */
export function insertParameters(row: ConversationRow): unknown[] {
  return [row.id, row.version, row.body, row.awaiting, row.ready, row.leaseUntil, row.updatedAt];
}

/**
 * The parameters of `update`: write `row` over the row at `expectedVersion`. Without `freeAt`
 * the lease is not checked: the worker holding it writes (its version proves it).
 */
export function updateParameters(row: ConversationRow, expectedVersion: number, freeAt?: number): unknown[] {
  const free = freeAt ?? Number.MAX_SAFE_INTEGER;
  return [row.version, row.body, row.awaiting, row.ready, row.leaseUntil, row.updatedAt, row.id, expectedVersion, free];
}

/** A row as the database returns it (snake case). */
export interface SqlRow {
  id: string;
  version: number;
  body: string;
  awaiting: number;
  ready: number;
  // pg returns BIGINT as text (it may exceed 2^53); milliseconds since the epoch do not.
  lease_until: string | number;
  updated_at: string | number;
}

/** A row as the store uses it. */
export function rowFromSql(row: SqlRow): ConversationRow {
  return {
    id: row.id,
    version: row.version,
    body: row.body,
    awaiting: row.awaiting,
    ready: row.ready,
    leaseUntil: Number(row.lease_until),
    updatedAt: Number(row.updated_at),
  };
}

/** Throws `StoreSchemaError` when a table that existed already lacks one of the columns. */
export function checkColumns(table: string, columns: readonly string[]): void {
  const missing = ROW_COLUMNS.filter((name) => !columns.includes(name));
  if (missing.length > 0) throw new StoreSchemaError(table, `no column ${missing.join(", ")}`);
}
