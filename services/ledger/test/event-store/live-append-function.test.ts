/**
 * The append function a migrated database runs, `kobo_append_events`, is the one
 * docs/event-store.md names: the last migration that defines it is that migration, and the body
 * stored in the database is that migration's, character for character. A later migration that
 * redefines the function fails this test until the page names it.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { migrationFilePaths } from '@kobo/platform';
import { createTestDatabase, type TestDatabase } from '@kobo/platform/testing';

const repository = join(__dirname, '..', '..', '..', '..');
const DEFINES = /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+kobo_append_events\s*\(/i;

/** Every migration file, in the order the migrator runs them (by number, across folders). */
function migrations(): { path: string; text: string }[] {
  return migrationFilePaths().map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

/** The migration's up part only: its down part may define the function again, to roll back. */
const upPart = (text: string) => text.split(/^-- Down Migration/m)[0]!;

/** The body between the dollar quotes of the migration's definition of the function. */
function bodyIn(text: string): string {
  const up = upPart(text);
  const start = up.search(DEFINES);
  const quote = /AS\s+(\$[a-z_]*\$)/i.exec(up.slice(start))!;
  const from = start + quote.index + quote[0].length;
  const to = up.indexOf(quote[1]!, from);
  return up.slice(from, to);
}

/** The migration docs/event-store.md says the live append function comes from. */
function namedByTheDocs(): string {
  const page = readFileSync(join(repository, 'docs', 'event-store.md'), 'utf8');
  const named = /live append function[^`]*`kobo_append_events`[^`]*`(services\/[^`]+\.sql)`/.exec(page);
  if (!named) throw new Error('docs/event-store.md does not name the migration of the live append function');
  return named[1]!;
}

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase(1);
});
afterAll(async () => {
  await db.drop();
});

describe('the live append function', () => {
  it('comes from the last migration that defines it, the one docs/event-store.md names', () => {
    const defining = migrations().filter((migration) => DEFINES.test(upPart(migration.text)));
    expect(defining.length).toBeGreaterThan(0);
    expect(relative(repository, defining.at(-1)!.path)).toBe(namedByTheDocs());
  });

  it('is, in a migrated database, exactly the body of that migration', async () => {
    const { rows } = await db.pool.query<{ source: string; definition: string }>(
      `SELECT prosrc AS source, pg_get_functiondef(oid) AS definition
         FROM pg_proc WHERE proname = 'kobo_append_events'`,
    );
    expect(rows).toHaveLength(1);
    const migration = readFileSync(join(repository, namedByTheDocs()), 'utf8');
    expect(rows[0]!.source).toBe(bodyIn(migration));
    expect(rows[0]!.definition).toMatch(/FUNCTION public\.kobo_append_events\(p_requests jsonb\)/);
  });
});
