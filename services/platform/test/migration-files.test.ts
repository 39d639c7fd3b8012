/**
 * Migrations live in the folder of the package that owns the schema (services/<package>/migrations)
 * and run in one order by number across folders, recorded by file name: a number used twice would
 * make one of the two files order-dependent or skipped.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const services = join(__dirname, '..', '..');

function migrationFiles(): string[] {
  return readdirSync(services).flatMap((pkg) => {
    try {
      return readdirSync(join(services, pkg, 'migrations')).filter((f) => f.endsWith('.sql'));
    } catch {
      return [];
    }
  });
}

test('every migration number is used once across the packages', () => {
  const numbers = migrationFiles().map((f) => f.split('_')[0]);
  expect(numbers.length).toBeGreaterThan(0);
  expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
});
