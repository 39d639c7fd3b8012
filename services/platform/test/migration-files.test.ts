/**
 * Migrations live in the folder of the package or read model that owns the schema
 * and run in one order by number across folders, recorded by file name: a number used twice would
 * make one of the two files order-dependent or skipped.
 */
import { basename } from 'node:path';
import { migrationFilePaths } from '../src/migrate';

const migrationFiles = () => migrationFilePaths().map((path) => basename(path));

test('every migration number is used once across the packages', () => {
  const numbers = migrationFiles().map((f) => f.split('_')[0]);
  expect(numbers.length).toBeGreaterThan(0);
  expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
});
