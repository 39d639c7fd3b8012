/**
 * Code, tests and docs cite the product's specification (docs/product) by page and section:
 * `docs/product/user-site.md#form-rules, #messages` in a comment, `../product/staff-area.md#messages`
 * in a link. Every page cited exists and every section cited is a heading of that page, so a
 * renamed heading is noticed where it is cited.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const repository = join(__dirname, '..', '..', '..');
const product = join(repository, 'docs', 'product');

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(join(product, page), 'utf8');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1]!)));
}

/** Every citation in the tracked files: the page and the sections named after it. */
function citations(): { where: string; page: string; anchors: string[] }[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: repository, encoding: 'utf8' })
    .split('\0')
    .filter((file) => /\.(ts|tsx|mjs|js|css|md|sql)$/.test(file) && existsSync(join(repository, file)));
  const found: { where: string; page: string; anchors: string[] }[] = [];
  for (const file of files) {
    const lines = readFileSync(join(repository, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const match of line.matchAll(
        /(?:docs\/|\.\.\/)product\/([\w-]+\.md)((?:#[\w-]+(?:, #[\w-]+)*)?)/g,
      )) {
        found.push({
          where: `${file}:${index + 1}`,
          page: match[1]!,
          anchors: match[2] ? match[2].split(', ').map((anchor) => anchor.slice(1)) : [],
        });
      }
    });
  }
  return found;
}

describe("citations of the product's specification", () => {
  it('name pages that exist and sections that are headings of them', () => {
    const found = citations();
    expect(found.length).toBeGreaterThan(50);
    const wrong = found.flatMap(({ where, page, anchors }) => {
      if (!existsSync(join(product, page))) return [`${where}: no page docs/product/${page}`];
      const headings = anchorsOf(page);
      return anchors
        .filter((anchor) => !headings.has(anchor))
        .map((anchor) => `${where}: no section #${anchor} in docs/product/${page}`);
    });
    expect(wrong).toEqual([]);
  });

  it('reads an anchor as GitHub makes it', () => {
    expect(anchorOf('Dashboard home (`/dashboard`)')).toBe('dashboard-home-dashboard');
    expect(anchorOf('What the admin screens show')).toBe('what-the-admin-screens-show');
  });
});
