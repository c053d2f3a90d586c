import type pg from 'pg';

/**
 * Named (prepared) statements for the texts the API runs again and again. An unnamed statement is
 * parsed and planned by PostgreSQL on every execution; a named one is parsed once per connection,
 * and after a few executions PostgreSQL keeps a generic plan when it costs no more than custom ones.
 * Measured with `pg_stat_statements.track_planning` under bench/fanout.ts: planning took more of
 * PostgreSQL's time than executing (an enrolment's statement: 1.2 ms to plan, 1.5 ms to run).
 *
 * Only texts with parameters are named (those already use the extended protocol, so one statement
 * per text, as before), and only once a text has run `HOT_AFTER` times: one-off texts (an IN list of
 * a rare length) stay unnamed. At most `MAX_NAMED` texts are named per process, which bounds the
 * statements each connection holds; texts counted but not yet hot are forgotten in bulk when
 * `MAX_COUNTED` is reached.
 */
const HOT_AFTER = 3;
const MAX_NAMED = 400;
const MAX_COUNTED = 5000;

export interface StatementNames {
  /** The name to prepare `text` under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined;
}

export function statementNames(limits = { hotAfter: HOT_AFTER, maxNamed: MAX_NAMED }): StatementNames {
  const named = new Map<string, string>();
  const counted = new Map<string, number>();
  return {
    nameFor(text) {
      const name = named.get(text);
      if (name !== undefined || named.size >= limits.maxNamed) return name;
      const runs = (counted.get(text) ?? 0) + 1;
      if (runs < limits.hotAfter) {
        if (counted.size >= MAX_COUNTED) counted.clear();
        counted.set(text, runs);
        return undefined;
      }
      counted.delete(text);
      const fresh = `plenary_${named.size + 1}`;
      named.set(text, fresh);
      return fresh;
    },
  };
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** Makes a pool's clients (Kysely's and `pool.query`'s alike) run hot parameterised texts as named statements. */
export function prepareHotStatements(pool: pg.Pool, names: StatementNames = statementNames()): void {
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as Query;
    const query: Query = (config, values, callback) => {
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
        const name = names.nameFor(config);
        if (name !== undefined) return original({ name, text: config, values }, callback);
      }
      return original(config, values, callback);
    };
    (client as unknown as { query: Query }).query = query;
  });
}
