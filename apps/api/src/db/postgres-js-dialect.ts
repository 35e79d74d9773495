import { CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type {
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import type { ReservedSql, Sql } from 'postgres';

/**
 * Kysely on postgres.js (the `postgres` package) instead of node-postgres, for the API's
 * PostgreSQL. Queries outside a transaction go to postgres.js's shared connections, which it
 * pipelines: with more requests in flight than connections, each connection gets its next query
 * before the answer to the previous one is read, so a backend seldom sleeps between queries and
 * the API reads several answers per socket read. node-postgres sends a connection's next query
 * only after the last answer, and every query cost a backend wake-up and a read; under bench:api's
 * load those system calls and wake-ups were a large part of the API's and PostgreSQL's CPU
 * (benchmarks/history/2026-11-results-journal.md, "Exam lists and exam detail under load"). A
 * transaction reserves a connection of its own for its duration.
 *
 * Statements are prepared (named, per connection) by postgres.js; it asks the server for the
 * parameter types of each new statement, so ids, arrays and JSON travel as the columns expect.
 *
 * Kysely's `db.connection()` does not pin a session here: outside a transaction each query may go
 * to another connection (the API does not use it). Anything that needs one session (SET, advisory
 * locks, temporary tables) belongs in a transaction.
 */
export class PostgresJsDialect implements Dialect {
  constructor(private readonly sql: Sql) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PostgresJsDriver(this.sql);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

/** The commands whose answer carries the number of rows they changed (Kysely's numAffectedRows). */
const changingCommands = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** A Kysely connection: the shared pipelined connections, or a reserved one during a transaction. */
class PostgresJsConnection implements DatabaseConnection {
  reserved: ReservedSql | null = null;
  constructor(private readonly sql: Sql) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const target = this.reserved ?? this.sql;
    const result = await target.unsafe(compiledQuery.sql, compiledQuery.parameters as never[], { prepare: true });
    return {
      rows: result as unknown as R[],
      ...(changingCommands.has(result.command) ? { numAffectedRows: BigInt(result.count) } : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streamed queries are not used by the API');
  }
}

class PostgresJsDriver implements Driver {
  constructor(private readonly sql: Sql) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PostgresJsConnection(this.sql);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const own = connection as PostgresJsConnection;
    own.reserved = await this.sql.reserve();
    let begin = 'begin';
    if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) begin += ` ${settings.accessMode}`;
    try {
      await own.executeQuery(CompiledQuery.raw(begin));
    } catch (error) {
      this.#release(own);
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdentifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteIdentifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteIdentifier(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.#release(connection as PostgresJsConnection);
  }

  #release(connection: PostgresJsConnection) {
    connection.reserved?.release();
    connection.reserved = null;
  }

  async destroy(): Promise<void> {
    await this.sql.end({ timeout: 5 });
  }
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
