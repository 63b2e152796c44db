import { checkedTableName, type ConversationRow, type ConversationRows } from "../conversation-rows.js";
import {
  checkColumns,
  conversationStatements,
  insertParameters,
  rowFromSql,
  updateParameters,
  type ConversationStatements,
  type SqlRow,
} from "../conversation-sql.js";

/** A `pg` 8 `Pool` or `Client` (only what the store uses): pass `new Pool({ connectionString })`. */
export interface PostgresQueryable {
  /** Runs one parameterised statement (`$1`, `$2`, …): its rows and how many it touched. */
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number | null }>;
}

// Two processes creating the same table or index at once: one wins, the other sees it exists, as
// a unique violation in the catalog (23505), a relation (42P07) or the table's row type (42710)
// that already exists.
const ALREADY_CREATED = new Set(["23505", "42P07", "42710"]);

/** The conversation table in PostgreSQL; each method is one statement, atomic across instances. */
export class PostgresConversationRows implements ConversationRows {
  readonly #db: PostgresQueryable;
  readonly #table: string;
  readonly #sql: ConversationStatements;

  constructor(db: PostgresQueryable, table: string) {
    this.#db = db;
    this.#table = checkedTableName(table).toLowerCase();
    this.#sql = conversationStatements(this.#table, { parameter: (n) => `$${n}`, timeType: "BIGINT" });
  }

  async init(): Promise<void> {
    const t = this.#table;
    await this.#create(this.#sql.createTable);
    const { rows } = await this.#db.query(
      "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
      [t],
    );
    checkColumns(
      t,
      (rows as { column_name: string }[]).map((row) => row.column_name),
    );
    for (const [name, on] of this.#sql.indexes)
      await this.#create(`CREATE INDEX IF NOT EXISTS ${t}_${name} ON ${t} (${on})`);
  }

  async #create(statement: string): Promise<void> {
    try {
      await this.#db.query(statement);
    } catch (error) {
      if (!ALREADY_CREATED.has((error as { code?: string }).code ?? "")) throw error;
    }
  }

  async get(id: string): Promise<ConversationRow | undefined> {
    const { rows } = await this.#db.query(this.#sql.get, [id]);
    const row = rows[0] as SqlRow | undefined;
    return row === undefined ? undefined : rowFromSql(row);
  }

  async insert(row: ConversationRow): Promise<boolean> {
    return (await this.#db.query(this.#sql.insert, insertParameters(row))).rowCount === 1;
  }

  async update(row: ConversationRow, expectedVersion: number, freeAt?: number): Promise<boolean> {
    return (await this.#db.query(this.#sql.update, updateParameters(row, expectedVersion, freeAt))).rowCount === 1;
  }

  async renewLease(id: string, version: number, leaseUntil: number): Promise<boolean> {
    return (await this.#db.query(this.#sql.renew, [leaseUntil, id, version])).rowCount === 1;
  }

  async remove(id: string, expectedVersion?: number): Promise<boolean> {
    const result =
      expectedVersion === undefined
        ? await this.#db.query(this.#sql.remove, [id])
        : await this.#db.query(this.#sql.removeAt, [id, expectedVersion]);
    return result.rowCount === 1;
  }

  async listAwaiting(limit: number): Promise<ConversationRow[]> {
    const { rows } = await this.#db.query(this.#sql.awaiting, [limit]);
    return (rows as SqlRow[]).map(rowFromSql);
  }

  async listReady(now: number, limit: number): Promise<string[]> {
    const { rows } = await this.#db.query(this.#sql.ready, [now, limit]);
    return (rows as { id: string }[]).map((row) => row.id);
  }
}
