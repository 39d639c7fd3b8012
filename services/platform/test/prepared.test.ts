/** A hot statement is parsed and planned once per connection, not on every call. */
import { createTestDatabase, type TestDatabase } from '../src/testing';
import { prepared } from '../src';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(1); // one connection: what it prepared stays visible to it
});
afterAll(() => db.drop());

describe('prepared', () => {
  it('names a statement by its text, so each connection prepares it once and reuses it', async () => {
    const statement = prepared('SELECT $1::int + 1 AS next');
    expect(prepared('SELECT $1::int + 1 AS next').name).toBe(statement.name);
    expect(prepared('SELECT $1::int + 2 AS next').name).not.toBe(statement.name);

    for (const value of [1, 2, 3]) {
      const { rows } = await db.pool.query({ ...statement, values: [value] });
      expect(rows[0].next).toBe(value + 1);
    }
    const { rows } = await db.pool.query(
      'SELECT count(*)::int AS n, max(statement) AS text FROM pg_prepared_statements WHERE name = $1',
      [statement.name],
    );
    expect(rows[0]).toEqual({ n: 1, text: statement.text });
  });
});
