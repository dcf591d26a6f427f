/**
 * The product owner's specification (docs/spec.md) and the decisions (docs/decisions/<area>.md) as the explorer reads
 * them: blocks of a small Markdown (headings, paragraphs, lists, tables), every heading with its anchor, and every
 * labelled item of the specification ('- Login: ...') with one too, so that a state's 'spec 4 Login' can point at it.
 */
import spec from '../../../docs/spec.md?raw';

const decisionFiles = import.meta.glob<string>('../../../docs/decisions/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export type Block =
  | { kind: 'heading'; level: number; text: string; id: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: Array<{ text: string; id: string | undefined }> }
  | { kind: 'table'; rows: string[][] }
  | { kind: 'code'; text: string };

export interface Document {
  blocks: Block[];
  /** Every anchor of the document, with the heading or item label it names and its spec section. */
  anchors: Array<{ id: string; name: string; level: number; section: number | undefined }>;
}

/** GitHub's anchor of a heading: lower case, no punctuation but '-' and '_', spaces as '-'. */
export const slug = (title: string) =>
  title
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');

/** A list item's label: the words before its first ':' ('Login', 'Language loading'), when short. */
const itemLabel = (text: string) => /^([A-Z][^:.;]{0,38}?)( \([^)]*\))?:/.exec(text)?.[1];

/** Reads a document; `prefix` goes before every anchor (the decisions share one page: 'security-token-lifetimes'). */
export function parseDocument(source: string, prefix = ''): Document {
  const blocks: Block[] = [];
  const anchors: Document['anchors'] = [];
  const used = new Set<string>();
  const anchor = (base: string, name: string, level: number, section: number | undefined) => {
    let id = `${prefix}${base}`;
    for (let n = 1; used.has(id); n += 1) id = `${prefix}${base}-${n}`;
    used.add(id);
    anchors.push({ id, name, level, section });
    return id;
  };
  let section: number | undefined;
  const lines = source.split(/\r?\n/);
  for (let index = 0; index < lines.length; ) {
    const line = lines[index] ?? '';
    const heading = /^(#{1,6}) (.+?)\s*$/.exec(line);
    if (heading?.[1] && heading[2]) {
      const level = heading[1].length;
      const text = heading[2];
      const number = /^(\d+)\. /.exec(text)?.[1];
      if (level === 2) section = number ? Number(number) : undefined;
      blocks.push({ kind: 'heading', level, text, id: anchor(slug(text), text, level, section) });
      index += 1;
    } else if (line.startsWith('```')) {
      const end = lines.findIndex((next, at) => at > index && next.startsWith('```'));
      const stop = end === -1 ? lines.length : end;
      blocks.push({ kind: 'code', text: lines.slice(index + 1, stop).join('\n') });
      index = stop + 1;
    } else if (/^\s*[-*] /.test(line)) {
      const items: Array<{ text: string; id: string | undefined }> = [];
      while (index < lines.length && /^\s*([-*] |\s{2,}\S)/.test(lines[index] ?? '')) {
        const current = lines[index] ?? '';
        const start = /^\s*[-*] (.*)$/.exec(current);
        const last = items.at(-1);
        if (start) items.push({ text: start[1] ?? '', id: undefined });
        else if (last) last.text += ` ${current.trim()}`;
        index += 1;
      }
      for (const item of items) {
        const label = prefix === '' && section !== undefined ? itemLabel(item.text) : undefined;
        if (label) item.id = anchor(`${section}-${slug(label)}`, label, 4, section);
      }
      blocks.push({ kind: 'list', items });
    } else if (line.startsWith('|')) {
      const rows: string[][] = [];
      for (; (lines[index] ?? '').startsWith('|'); index += 1) {
        const cells = (lines[index] ?? '')
          .replace(/^\||\|\s*$/g, '')
          .split('|')
          .map((cell) => cell.trim());
        if (!cells.every((cell) => /^:?-+:?$/.test(cell))) rows.push(cells);
      }
      blocks.push({ kind: 'table', rows });
    } else if (line.trim() === '') index += 1;
    else {
      const paragraph: string[] = [];
      for (; index < lines.length; index += 1) {
        const next = lines[index] ?? '';
        if (next.trim() === '' || /^(#{1,6} |```|\||\s*[-*] )/.test(next)) break;
        paragraph.push(next.trim());
      }
      blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    }
  }
  return { blocks, anchors };
}

let specDocument: Document | undefined;
/** docs/spec.md, read once. */
export const specification = () => {
  specDocument ??= parseDocument(spec);
  return specDocument;
};

let decisionDocuments: Array<{ area: string; document: Document }> | undefined;
/** docs/decisions/<area>.md (not its index), by area in alphabetical order, each anchor prefixed '<area>-'. */
export const decisions = () => {
  decisionDocuments ??= Object.entries(decisionFiles)
    .map(([path, text]) => ({ area: /([A-Za-z]+)\.md$/.exec(path)?.[1] ?? path, text }))
    .filter(({ area }) => area !== 'README')
    .sort((a, b) => a.area.localeCompare(b.area))
    .map(({ area, text }) => ({ area, document: parseDocument(text, `${area}-`) }));
  return decisionDocuments;
};
