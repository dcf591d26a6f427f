import { readFileSync } from 'node:fs';
import type { Locale } from '../../api/contract/limits';

/**
 * The translation of one source message in a locale's .po catalog, so journeys assert what a visitor of that
 * locale really reads without writing the translation a second time.
 */
export function translated(locale: Locale, source: string): string {
  const po = readFileSync(`i18n/locales/${locale}/messages.po`, 'utf8');
  const escaped = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/"/g, '\\\\"');
  const match = po.match(new RegExp(`\\nmsgid "${escaped}"\\nmsgstr "((?:[^"\\\\]|\\\\.)*)"`));
  if (!match?.[1]) throw new Error(`No ${locale} translation for "${source}"`);
  return match[1].replace(/\\"/g, '"');
}
