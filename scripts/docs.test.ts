import { globSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adrProblems, brokenLink, docsCitations, headingAnchors, linkTargets } from './docs-check';

const ROOT = new URL('..', import.meta.url).pathname;
const DECISIONS = path.join(ROOT, 'docs/decisions');
const records = globSync('[0-9][0-9][0-9]-*.md', { cwd: DECISIONS }).filter((name) => !name.startsWith('000-'));
const recordNumbers = new Set(records.map((name) => name.slice(0, 3)));
const markdownFiles = [
  ...globSync('docs/**/*.md', { cwd: ROOT }),
  'README.md',
  'ARCHITECTURE.md',
].map((file) => path.join(ROOT, file));

describe('the checks themselves', () => {
  it('refuses a record without a Status or a Date line, or with a status naming no record', () => {
    expect(adrProblems('# 900: A\n\nStatus: Accepted\n\nDate: 2026-11-29\n', recordNumbers)).toEqual([]);
    expect(adrProblems('# 900: A\n\nDate: 2026-11-29\n', recordNumbers)).toHaveLength(1);
    expect(adrProblems('# 900: A\n\nStatus: Accepted\n', recordNumbers)).toHaveLength(1);
    expect(adrProblems('# 900: A\n\nStatus: accepted, 2026-11-29.\n', recordNumbers)).toHaveLength(2);
    expect(adrProblems('# 900: A\n\nStatus: Superseded by 999\n\nDate: 2026-11-29\n', recordNumbers)).toEqual([
      'its status names 999, which is no record',
    ]);
  });

  it("makes GitHub's heading anchors", () => {
    const anchors = headingAnchors("# Title\n## Identity, payments and sign-in (ADR 023)\n## `npm test`'s steps\n## Title\n```\n# not a heading\n```\n");
    expect([...anchors]).toEqual(['title', 'identity-payments-and-sign-in-adr-023', 'npm-tests-steps', 'title-1']);
  });

  it('finds inline links, images and reference definitions, and none in code', () => {
    expect(linkTargets('[a](x.md) ![b](img.png "t") `[c](code.md)`\n[d]: ref.md#part\n```\n[e](fenced.md)\n```\n')).toEqual([
      'x.md',
      'img.png',
      'ref.md#part',
    ]);
  });

  it('refuses a link to a missing file or a missing heading, and follows no external link', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'docs-check-'));
    const page = path.join(folder, 'page.md');
    writeFileSync(page, '# Page\n## Known part\n');
    expect(brokenLink(page, 'page.md#known-part')).toBeNull();
    expect(brokenLink(page, '#known-part')).toBeNull();
    expect(brokenLink(page, 'page.md#lost-part')).toBe('page.md#lost-part: no heading #lost-part');
    expect(brokenLink(page, '024-tool-forms-in-the-html.md')).toBe('024-tool-forms-in-the-html.md: no such file');
    expect(brokenLink(page, 'https://example.com/nowhere.md')).toBeNull();
  });
});

describe('the documents', () => {
  it.each(records)('decision %s has its Status and Date lines and a row in the index', (name) => {
    const problems = adrProblems(readFileSync(path.join(DECISIONS, name), 'utf8'), recordNumbers);
    const index = readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');
    if (!index.includes(`](${name})`)) problems.push('no row in docs/decisions/README.md');
    expect(problems).toEqual([]);
  });

  it('every relative link in docs/, README.md and ARCHITECTURE.md points at a file, and at a heading of it', () => {
    const broken = markdownFiles.flatMap((file) =>
      linkTargets(readFileSync(file, 'utf8')).flatMap((target) => {
        const problem = brokenLink(file, target);
        return problem ? [`${path.relative(ROOT, file)}: ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('every page of docs/ a code comment cites exists, with the heading it names', () => {
    const sources = globSync('{apps,packages,e2e,bench,scripts}/**/*.{ts,tsx,js,mjs,css,sql}', {
      cwd: ROOT,
      exclude: (name) => name === 'node_modules' || name === 'dist',
    });
    const broken = sources.flatMap((file) =>
      docsCitations(readFileSync(path.join(ROOT, file), 'utf8')).flatMap((cited) => {
        const problem = brokenLink(path.join(ROOT, 'cited-from-the-root'), cited);
        return problem ? [`${file}: ${problem}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });
});
