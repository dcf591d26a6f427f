/**
 * `npm run i18n:check`: the catalogs must hold every message the source uses, translated in all six locales.
 *
 * Extracts the messages of the source in memory with Lingui's own extractor (nothing is written), reads the
 * .po catalogs, and fails (exit 1) listing every problem:
 *   - stale:        a message used in source that a locale's catalog lacks (run `npm run i18n:extract`)
 *   - untranslated: a message with an empty translation in some locale
 *   - broken:       a translation that is not valid ICU or whose placeholders differ from the source's
 * Messages in the catalogs that the source no longer uses are only reported; extract --clean drops them.
 * Prints one summary line per locale.
 *
 * Translating new messages (after `npm run i18n:extract`):
 *   npx tsx scripts/check-catalogs.ts --todo > /tmp/todo.json     every message untranslated somewhere, as
 *                                                                 { "<source>": { "<locale>": "" ... } }
 *   (fill in the texts)
 *   npx tsx scripts/check-catalogs.ts --apply /tmp/todo.json     writes them into the .po files, then checks
 * Editing msgstr in i18n/locales/<locale>/messages.po by hand (or in Poedit) works just as well.
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type CatalogType, type ExtractedCatalogType, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

export type ProblemKind = 'stale' | 'untranslated' | 'broken';

export interface CatalogProblem {
  kind: ProblemKind;
  locale: string;
  message: string;
  detail?: string;
}

export interface LocaleReport {
  locale: string;
  used: number;
  stale: number;
  untranslated: number;
  broken: number;
  unused: number;
}

/** Placeholder and plural/select argument names of an ICU message, e.g. 'Step {step} of {steps}' -> step, steps. */
export function placeholderNames(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , format] = token;
      names.add(name);
      if (format && typeof format === 'object') {
        for (const [key, choice] of Object.entries(format)) {
          if (key !== 'offset' && Array.isArray(choice)) walk(choice as CompiledMessage);
        }
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

function translationProblem(source: string, translation: string): string | undefined {
  try {
    const expected = placeholderNames(source).join(', ');
    const actual = placeholderNames(translation).join(', ');
    if (expected !== actual) return `placeholders {${actual}} instead of {${expected}}`;
  } catch (error) {
    return `not valid ICU: ${(error as Error).message.split('\n')[0]}`;
  }
  return undefined;
}

/** Compares what the source uses with what each locale's catalog holds. Pure: no files, no Lingui config. */
export function compareCatalogs(
  used: ExtractedCatalogType,
  catalogs: Readonly<Record<string, CatalogType>>,
  locales: readonly string[],
): { problems: CatalogProblem[]; reports: LocaleReport[] } {
  const problems: CatalogProblem[] = [];
  const reports: LocaleReport[] = [];
  const usedIds = Object.keys(used);
  for (const locale of locales) {
    const catalog = catalogs[locale] ?? {};
    const report: LocaleReport = {
      locale,
      used: usedIds.length,
      stale: 0,
      untranslated: 0,
      broken: 0,
      unused: 0,
    };
    for (const id of usedIds) {
      const source = used[id]?.message ?? id;
      const entry = catalog[id];
      if (!entry || entry.obsolete) {
        report.stale += 1;
        problems.push({ kind: 'stale', locale, message: source });
      } else if (!entry.translation?.trim()) {
        report.untranslated += 1;
        problems.push({ kind: 'untranslated', locale, message: source });
      } else {
        const detail = translationProblem(source, entry.translation);
        if (detail) {
          report.broken += 1;
          problems.push({ kind: 'broken', locale, message: source, detail });
        }
      }
    }
    report.unused = Object.keys(catalog).filter((id) => !(id in used)).length;
    reports.push(report);
  }
  return { problems, reports };
}

/** One line per problem, the locales it occurs in grouped ('all locales' when stale everywhere). */
export function problemLines(problems: readonly CatalogProblem[], locales: readonly string[]): string[] {
  const grouped = new Map<string, { problem: CatalogProblem; locales: string[] }>();
  for (const problem of problems) {
    const key = JSON.stringify([problem.kind, problem.message, problem.detail]);
    const group = grouped.get(key) ?? { problem, locales: [] };
    group.locales.push(problem.locale);
    grouped.set(key, group);
  }
  return [...grouped.values()].map(({ problem, locales: where }) => {
    const scope = where.length === locales.length ? 'all locales' : where.join(', ');
    const detail = problem.detail ? ` (${problem.detail})` : '';
    return `  ${problem.kind} [${scope}] "${problem.message}"${detail}`;
  });
}

type Catalog = Awaited<ReturnType<typeof getCatalogs>>[number];

async function checkCatalog(catalog: Catalog, locales: readonly string[]) {
  const used = await catalog.collect();
  if (!used) throw new Error(`extraction failed for ${catalog.path} (see the errors above)`);
  return compareCatalogs(used, await catalog.readAll(locales as string[]), locales);
}

/** Source message -> locale -> translation. */
export type TranslationTable = Record<string, Record<string, string>>;

/** The --todo table: every used message that some locale lacks a translation for, with what is there already. */
export function todoTable(
  used: ExtractedCatalogType,
  catalogs: Readonly<Record<string, CatalogType>>,
  locales: readonly string[],
): TranslationTable {
  const table: TranslationTable = {};
  for (const [id, { message }] of Object.entries(used)) {
    const row = Object.fromEntries(
      locales.map((locale) => [locale, catalogs[locale]?.[id]?.translation ?? '']),
    );
    if (Object.values(row).some((text) => !text.trim())) table[message ?? id] = row;
  }
  return table;
}

/** Copies the non-empty texts of `table` into the catalog entries with that source message; returns how many. */
export function applyTable(catalog: CatalogType, locale: string, table: TranslationTable): number {
  let applied = 0;
  for (const entry of Object.values(catalog)) {
    const text = entry.message === undefined ? undefined : table[entry.message]?.[locale];
    if (text?.trim() && text !== entry.translation) {
      entry.translation = text;
      applied += 1;
    }
  }
  return applied;
}

async function printTodo(config: ReturnType<typeof getConfig>): Promise<void> {
  const table: TranslationTable = {};
  for (const catalog of await getCatalogs(config)) {
    const used = await catalog.collect();
    if (!used) throw new Error(`extraction failed for ${catalog.path}`);
    Object.assign(table, todoTable(used, await catalog.readAll(config.locales), config.locales));
  }
  console.log(JSON.stringify(table, null, 2));
}

async function applyFile(config: ReturnType<typeof getConfig>, file: string): Promise<void> {
  const table = JSON.parse(readFileSync(file, 'utf8')) as TranslationTable;
  for (const catalog of await getCatalogs(config)) {
    for (const locale of config.locales) {
      const messages = await catalog.read(locale);
      const applied = applyTable(messages, locale, table);
      if (applied > 0) await catalog.write(locale, messages);
      console.log(`${locale}: ${applied} translations applied`);
    }
  }
}

async function main(args: readonly string[]): Promise<number> {
  const started = performance.now();
  const config = getConfig({ cwd: process.cwd() });
  if (args[0] === '--todo') {
    await printTodo(config);
    return 0;
  }
  if (args[0] === '--apply') {
    if (!args[1]) throw new Error('usage: check-catalogs.ts --apply <translations.json>');
    await applyFile(config, args[1]);
  }
  let failed = false;
  for (const catalog of await getCatalogs(config)) {
    const { problems, reports } = await checkCatalog(catalog, config.locales);
    for (const report of reports) {
      const unused = report.unused ? `, ${report.unused} unused (dropped by the next extract)` : '';
      console.log(
        `${report.locale}: ${report.used} messages, ${report.stale} missing from catalog, ` +
          `${report.untranslated} untranslated, ${report.broken} broken${unused}`,
      );
    }
    for (const line of problemLines(problems, config.locales)) console.error(line);
    failed ||= problems.length > 0;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (failed) {
    console.error(
      `i18n:check failed (${seconds} s). Stale: run \`npm run i18n:extract\`; untranslated or broken: fill in ` +
        'msgstr in i18n/locales/<locale>/messages.po.',
    );
    return 1;
  }
  console.log(`i18n:check passed (${seconds} s).`);
  return 0;
}

// Run only as a command, not when a test imports compareCatalogs.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
