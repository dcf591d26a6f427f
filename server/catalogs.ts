/**
 * The site's texts for GET /api/translation (spec 7 Translation): the Lingui catalogs in
 * i18n/locales/<locale>/messages.po, compiled the way @lingui/vite-plugin compiles them for the bundle, so the
 * answer drops straight into i18n.loadAndActivate:
 * - keys are Lingui's generated ids (hash of message and context) unless the entry is flagged as an explicit id;
 * - a missing translation falls back to the en-US one, then to the source text (lingui.config fallbackLocales);
 * - values are compiled ICU token arrays (compileMessage).
 *
 * The .po reader is small on purpose: the runtime needs only @lingui/message-utils (a dependency of
 * @lingui/core), not the CLI's toolchain. catalogs.test.ts holds it to @lingui/format-po's reading.
 */
import { readFile } from 'node:fs/promises';
import type { Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { DEFAULT_LOCALE, type Locale } from '../api/contract/limits';
import { projectPath } from './projectPath';

const CATALOG_ROOT = `${projectPath('i18n/locales')}/`;
const EXPLICIT_ID_FLAG = 'js-lingui-explicit-id';

export interface PoEntry {
  /** The catalog key: generated from msgid + msgctxt, or msgid itself for explicit ids. */
  id: string;
  /** The source text (msgid). */
  message: string;
  context: string | null;
  translation: string;
}

const unquote = (quoted: string): string =>
  quoted
    .slice(1, -1)
    .replace(/\\(["\\nrt])/g, (_, char: string) =>
      char === 'n' ? '\n' : char === 'r' ? '\r' : char === 't' ? '\t' : char,
    );

interface Draft {
  comments: string[];
  fields: Map<string, string>;
  obsolete: boolean;
}

const emptyDraft = (): Draft => ({ comments: [], fields: new Map(), obsolete: false });

/** Reads a .po file's entries (the header and obsolete entries left out). */
export const parsePo = (content: string): PoEntry[] => {
  const entries: PoEntry[] = [];
  let draft = emptyDraft();
  let field: string | null = null;

  const finish = () => {
    const message = draft.fields.get('msgid');
    if (message !== undefined && message !== '' && !draft.obsolete) {
      const context = draft.fields.get('msgctxt') ?? null;
      const explicit = draft.comments.includes(EXPLICIT_ID_FLAG);
      entries.push({
        id: explicit ? message : generateMessageId(message, context ?? undefined),
        message,
        context,
        translation: draft.fields.get('msgstr') ?? draft.fields.get('msgstr[0]') ?? '',
      });
    }
    draft = emptyDraft();
    field = null;
  };

  for (const rawLine of content.split(/\r?\n/)) {
    const line = rawLine.trim();
    if (line === '') {
      finish();
      continue;
    }
    if (line.startsWith('#~')) {
      draft.obsolete = true;
      continue;
    }
    if (line.startsWith('#.')) {
      draft.comments.push(line.slice(2).trim());
      continue;
    }
    if (line.startsWith('#')) continue; // references, flags, translator comments
    const keyword = /^(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(".*")$/.exec(line);
    if (keyword?.[1] && keyword[2]) {
      // A new msgctxt/msgid after a msgstr starts the next entry even without a blank line between.
      if (
        (keyword[1] === 'msgid' || keyword[1] === 'msgctxt') &&
        [...draft.fields.keys()].some((k) => k.startsWith('msgstr'))
      ) {
        finish();
      }
      field = keyword[1];
      draft.fields.set(field, unquote(keyword[2]));
      continue;
    }
    if (line.startsWith('"') && field) {
      draft.fields.set(field, (draft.fields.get(field) ?? '') + unquote(line));
    }
  }
  finish();
  return entries;
};

const readCatalog = async (locale: Locale): Promise<PoEntry[]> =>
  parsePo(await readFile(`${CATALOG_ROOT}${locale}/messages.po`, 'utf8'));

/** Compiles entries: own translation, else the fallback locale's, else the source text (Lingui's order). */
export const compileEntries = (own: readonly PoEntry[], fallback: readonly PoEntry[] = []): Messages => {
  const fallbackText = new Map(fallback.map((entry) => [entry.id, entry.translation]));
  return Object.fromEntries(
    own.map((entry) => [
      entry.id,
      compileMessage(entry.translation || fallbackText.get(entry.id) || entry.message),
    ]),
  );
};

/** One locale's compiled messages, with en-US as the fallback (lingui.config fallbackLocales). */
export const compileCatalog = async (locale: Locale): Promise<Messages> =>
  compileEntries(
    await readCatalog(locale),
    locale === DEFAULT_LOCALE ? [] : await readCatalog(DEFAULT_LOCALE),
  );

/**
 * Compiled catalogs, once per locale per process (the files change only with a new release). A failed read is
 * not kept, so the next request tries again.
 */
export const catalogCache = () => {
  const compiled = new Map<Locale, Promise<Messages>>();
  return (locale: Locale): Promise<Messages> => {
    let pending = compiled.get(locale);
    if (!pending) {
      pending = compileCatalog(locale);
      pending.catch(() => compiled.delete(locale));
      compiled.set(locale, pending);
    }
    return pending;
  };
};
