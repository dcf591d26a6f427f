/**
 * A machine's description cites where it comes from: 'spec 2 Register', 'spec 5', 'spec 4 Language loading',
 * 'docs/decisions/security.md: Remember this device'. Each citation becomes a link to its clause on /flows/spec or
 * /flows/decisions (documents.ts), the words around it untouched.
 */
import { decisions, specification } from './documents';

export interface Reference {
  /** The citation as the description writes it ('spec 2 Register'). */
  text: string;
  /** The page and anchor it leads to; undefined when no clause of that name exists. */
  href: string | undefined;
}

export type DescriptionPart = string | Reference;

/** The explorer's pages under this build's base ('/root/' in the fake-service build). */
const page = (path: string) => `${import.meta.env.BASE_URL.replace(/\/?$/, '/')}flows/${path}`;

/** A clause name the words begin with, longest first, ending at a word's end ('Register (curator)' → 'Register'). */
function named<T extends { name: string }>(words: string, among: T[]): T | undefined {
  const lower = words.toLowerCase();
  return [...among]
    .sort((a, b) => b.name.length - a.name.length)
    .find(
      ({ name }) => lower.startsWith(name.toLowerCase()) && !/[\p{L}\p{N}]/u.test(words.charAt(name.length)),
    );
}

/** A heading's name without its parenthesis: 'Two-factor setup (login and sign-up)' is cited 'Two-factor setup'. */
const shortName = (name: string) => name.replace(/\s*\([^)]*\)\s*$/, '');

function specReference(section: number, words: string): Reference {
  const anchors = specification().anchors;
  const sectionAnchor = anchors.find((anchor) => anchor.level === 2 && anchor.section === section);
  if (!sectionAnchor) return { text: `spec ${section}`, href: undefined };
  const clauses = anchors
    .filter((anchor) => anchor.section === section && anchor.level > 2)
    .flatMap((anchor) => [anchor, { ...anchor, name: shortName(anchor.name) }]);
  const clause = words.startsWith(' ') ? named(words.slice(1), clauses) : undefined;
  return clause
    ? { text: `spec ${section} ${words.slice(1, 1 + clause.name.length)}`, href: page(`spec#${clause.id}`) }
    : { text: `spec ${section}`, href: page(`spec#${sectionAnchor.id}`) };
}

function decisionReference(area: string, cited: string, words: string): Reference {
  const file = decisions().find((entry) => entry.area === area);
  const title = /^:? /.exec(words)?.[0] ?? '';
  const heading = file
    ? named(
        words.slice(title.length),
        file.document.anchors.filter((anchor) => anchor.level >= 2),
      )
    : undefined;
  return heading
    ? {
        text: `${cited}${title}${words.slice(title.length, title.length + heading.name.length)}`,
        href: page(`decisions#${heading.id}`),
      }
    : { text: cited, href: undefined };
}

const CITATION = /\bspec (\d+)|docs\/decisions\/([a-z]+)\.md/g;

/** The description in parts: its own words, and each citation with the address of its clause. */
export function descriptionParts(text: string): DescriptionPart[] {
  const parts: DescriptionPart[] = [];
  let at = 0;
  for (const match of text.matchAll(CITATION)) {
    if (match.index < at) continue;
    const end = match.index + match[0].length;
    const words = text.slice(end);
    const reference = match[1]
      ? specReference(Number(match[1]), words)
      : decisionReference(match[2] ?? '', match[0], words);
    if (match.index > at) parts.push(text.slice(at, match.index));
    parts.push(reference);
    at = match.index + reference.text.length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}
