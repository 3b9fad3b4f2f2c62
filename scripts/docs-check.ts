// What scripts/docs.test.ts holds the documents to: every decision record (docs/decisions/NNN-*.md) has its
// Status and Date lines and a row in the index, and every relative link in the Markdown files points at a
// file that exists and, with a #fragment, at a heading of that file. Links with a scheme (https:, mailto:)
// are not followed. Code comments that cite a page of docs/ (`docs/product-rules.md#credits`) are held to
// the same rule.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The statuses a record may have; a later record is named by its number. */
const STATUS = /^Status: (Accepted|(Superseded by|Replaced in part by|Amended by) \d{3}.*)$/m;
const DATE = /^Date: \d{4}-\d{2}-\d{2}$/m;

/** What is wrong with one decision record's text: a missing or malformed Status or Date line, a status naming no record. */
export function adrProblems(text: string, recordNumbers: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  const status = STATUS.exec(text);
  if (!status) problems.push('no "Status: Accepted | Superseded by NNN | Replaced in part by NNN | Amended by NNN" line');
  if (!DATE.test(text)) problems.push('no "Date: YYYY-MM-DD" line');
  for (const named of status?.[1]?.match(/\b\d{3}\b/g) ?? []) {
    if (!recordNumbers.has(named)) problems.push(`its status names ${named}, which is no record`);
  }
  return problems;
}

/** Markdown without its fenced code blocks: a heading or link in one is an example. */
function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** Markdown without its fenced code blocks and code spans: a link in code is an example, not a link. */
function withoutCode(markdown: string): string {
  return withoutFences(markdown).replace(/`[^`\n]*`/g, '');
}

/** The #fragments a Markdown file's headings answer to, as GitHub makes them (duplicates get -1, -2...). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  for (const [, heading = ''] of withoutFences(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const slug = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\- _]/gu, '')
      .replace(/ /g, '-');
    const seen = counts.get(slug) ?? 0;
    counts.set(slug, seen + 1);
    anchors.add(seen === 0 ? slug : `${slug}-${seen}`);
  }
  return anchors;
}

/** The targets of a Markdown file's links and images: inline `[text](target)` and reference definitions. */
export function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? '');
  const defined = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1] ?? '');
  return [...inline, ...defined];
}

/**
 * Whether a relative link from `fromFile` resolves: its file (or folder) exists, and its #fragment, when
 * it points into a Markdown file, names a heading there. Returns what is wrong, or null.
 */
export function brokenLink(fromFile: string, target: string, read = (file: string) => readFileSync(file, 'utf8')): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null;
  const [pathPart = '', fragment] = target.split('#', 2);
  const file = pathPart === '' ? fromFile : path.resolve(path.dirname(fromFile), decodeURIComponent(pathPart));
  if (!existsSync(file)) return `${target}: no such file`;
  if (fragment === undefined || fragment === '' || !file.endsWith('.md') || statSync(file).isDirectory()) return null;
  return headingAnchors(read(file)).has(decodeURIComponent(fragment).toLowerCase()) ? null : `${target}: no heading #${fragment}`;
}

/** A citation of a page of docs/ in a source file's text (`docs/product-rules.md#credits`), path and fragment. */
export function docsCitations(source: string): string[] {
  return [...source.matchAll(/\bdocs\/[\w./-]+\.md(?:#[\w-]+)?/g)].map((m) => m[0]);
}
