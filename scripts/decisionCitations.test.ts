/**
 * The decisions are split by area in docs/decisions/ (README.md is the index). Code, tests and docs cite an entry as
 * `docs/decisions/<area>.md: <Title>`; this keeps every citation pointing at a heading that exists in that file, the
 * index complete, and each entry in its shape (Decision, Why, Where in the code).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Vitest runs from the repository's root (the screen tests' happy-dom gives import.meta.url no file scheme).
const ROOT = process.cwd();
const DECISIONS = join(ROOT, 'docs', 'decisions');
/** The single file the decisions were in before the split, spelt so that this file does not cite it. */
const OLD_FILE = ['docs', 'decisions.md'].join('/');
const SKIP_DIRS = new Set([
  'node_modules',
  '.git',
  'dist',
  'dist-fake',
  'dist-ssr',
  'dist-server',
  'data',
  'test-results',
  'flow-screens',
]);
const SKIP_FILES = new Set(['package-lock.json']);

type Heading = { title: string; key: string; file: string; level: 2 | 3 };

const areaFiles = readdirSync(DECISIONS).filter((f) => f.endsWith('.md') && f !== 'README.md');

const headings: Heading[] = areaFiles.flatMap((file) =>
  readFileSync(join(DECISIONS, file), 'utf8')
    .split('\n')
    .flatMap((line): Heading[] => {
      const m = /^(##|###) (.+?)\s*$/.exec(line);
      return m ? [{ title: m[2]!, key: m[2]!.toLowerCase(), file, level: m[1] === '##' ? 2 : 3 }] : [];
    }),
);
const longestFirst = [...headings].sort((a, b) => b.key.length - a.key.length);

/** The words after a path, as a reader reads them: separators, line breaks and comment markers folded away. */
const wordsAfter = (rest: string): string =>
  rest
    .slice(0, 600)
    .replace(/^[:,]/, '')
    .replace(/\r?\n[ \t]*(\*(?!\*)|\/\/|#)?[ \t]*/g, ' ')
    .replace(/^[\s(]*['"‘“]?/, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

const boundary = (s: string, at: number) => at >= s.length || !/[\p{L}\p{N}]/u.test(s[at]!);

/**
 * The headings the words name: a whole title they begin with, else the titles that begin with the cited phrase (the
 * words up to a closing mark), since code may cite a title cut short ('CPU per login beyond argon2').
 */
const headingsNamed = (words: string, among: Heading[]): Heading[] => {
  const whole = among.find((h) => words.startsWith(h.key) && boundary(words, h.key.length));
  if (whole) return [whole];
  const phrase = words.split(/[()";|]|'(?![a-z])|\.(?:\s|$)/)[0]!.trim();
  if (phrase.length < 4) return [];
  return among.filter((h) => h.key.startsWith(phrase) && boundary(h.key, phrase.length));
};

/** GitHub's anchor for a heading. */
const anchorOf = (title: string) =>
  title
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

const walk = (dir: string, out: string[]): string[] => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(join(dir, entry.name), out);
    } else if (entry.isFile() && !SKIP_FILES.has(entry.name)) out.push(join(dir, entry.name));
  }
  return out;
};

const texts = walk(ROOT, [])
  .filter((path) => statSync(path).size <= 5 * 1024 * 1024)
  .flatMap((path) => {
    const buf = readFileSync(path);
    return buf.includes(0) ? [] : [{ path: relative(ROOT, path), text: buf.toString('utf8') }];
  });

const lineOf = (text: string, at: number) => text.slice(0, at).split('\n').length;

describe('decision citations', () => {
  it('has area files with headings', () => {
    expect(areaFiles.sort()).toEqual(
      expect.arrayContaining(['conventions.md', 'operations.md', 'product.md', 'security.md']),
    );
    expect(headings.length).toBeGreaterThan(0);
  });

  it('no file cites the single decisions file of before the split', () => {
    const stale = texts.flatMap(({ path, text }) => {
      const found: string[] = [];
      for (let at = text.indexOf(OLD_FILE); at !== -1; at = text.indexOf(OLD_FILE, at + 1)) {
        found.push(`${path}:${lineOf(text, at)}`);
      }
      return found;
    });
    expect(stale).toEqual([]);
  });

  it('every citation names an area file that has the cited heading', () => {
    const wrong: string[] = [];
    for (const { path, text } of texts) {
      for (const m of text.matchAll(/docs\/decisions\/([\w-]+)\.md/g)) {
        const file = `${m[1]}.md`;
        const at = m.index!;
        const rest = text.slice(at + m[0].length);
        const where = `${path}:${lineOf(text, at)}: ${text
          .slice(at, at + m[0].length + 70)
          .replace(/\s+/g, ' ')
          .trim()}`;
        if (file === 'README.md') continue;
        if (!areaFiles.includes(file)) {
          wrong.push(`${where} (no such file)`);
          continue;
        }
        const words = wordsAfter(rest);
        // After ':' or an opening quote a title must follow; otherwise the words may be prose, but when they name
        // an entry it must be this file's.
        const cited = /^:/.test(rest) || /^(\s+\(?|\s*\()['"‘“]/.test(rest);
        const here = headingsNamed(
          words,
          longestFirst.filter((h) => h.file === file),
        );
        if (here.length > 0) continue;
        const elsewhere = headingsNamed(words, longestFirst);
        if (elsewhere.length > 0) wrong.push(`${where} (the entry is in ${elsewhere[0]!.file})`);
        else if (cited) wrong.push(`${where} (no such heading in ${file})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('no title is a heading twice', () => {
    const keys = headings.map((h) => h.key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('the index lists every entry, each link leading to its heading', () => {
    const index = readFileSync(join(DECISIONS, 'README.md'), 'utf8');
    const links = [...index.matchAll(/\[([^\]]+)\]\(([\w-]+\.md)#([^)]+)\)/g)].map((m) => `${m[2]}#${m[3]}`);
    const expected = headings.map((h) => `${h.file}#${anchorOf(h.title)}`);
    expect(expected.filter((e) => !links.includes(e))).toEqual([]);
    expect(links.filter((l) => !expected.includes(l))).toEqual([]);
  });

  it('every entry says its decision, why, and where in the code', () => {
    const incomplete = areaFiles.flatMap((file) =>
      readFileSync(join(DECISIONS, file), 'utf8')
        .split(/\n(?=## )/)
        .filter((part) => part.startsWith('## '))
        .flatMap((part) => part.split(/\n(?=### )/))
        .filter(
          (part) => !['**Decision.**', '**Why.**', '**Where in the code.**'].every((p) => part.includes(p)),
        )
        .map((part) => `${file}: ${part.split('\n')[0]}`),
    );
    expect(incomplete).toEqual([]);
  });
});
