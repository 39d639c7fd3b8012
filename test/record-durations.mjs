// Keeps each test file's time from a whole run's Jest JSON report in test/durations.json (seconds,
// files of 3 s or more), which test/slow-first-sequencer.mjs reads to start the slow files first:
//   npx jest --json --outputFile=/tmp/jest-times.json && node test/record-durations.mjs /tmp/jest-times.json
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const durations = Object.fromEntries(
  report.testResults
    .map((file) => [relative(root, file.name), Math.round((file.endTime - file.startTime) / 1000)])
    .filter(([, seconds]) => seconds >= 3)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b)),
);
writeFileSync(join(here, 'durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} files kept in test/durations.json`);
