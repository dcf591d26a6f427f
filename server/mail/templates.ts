/**
 * The mails the server sends, in the six locales of the site (spec 7; spec 9: the invitation templates for editors
 * and readers). Each language's words are in server/mail/texts/<language>.ts.
 *
 * Every variable is escaped for the HTML part; links are the only URLs in a mail, so the dev mailbox's `links`
 * are exactly the links a user could click.
 */
import type { Locale } from '../../api/contract/limits';
import { de } from './texts/de';
import { en } from './texts/en';
import { es } from './texts/es';
import { pl } from './texts/pl';
import { ro } from './texts/ro';
import { ru } from './texts/ru';
import type { Body, MailTemplate, MailTemplateVars, MailTexts } from './texts/types';

export type { MailTemplate, MailTemplateVars } from './texts/types';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const TEXTS = { en, de, es, ru, pl, ro } satisfies Record<string, MailTexts>;
type Language = keyof typeof TEXTS;
/** The mail's language is the recipient's locale's (en-US -> en). */
export const mailLanguage = (locale: Locale): Language => locale.slice(0, 2) as Language;

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export const renderMail = <T extends MailTemplate>(
  template: T,
  vars: MailTemplateVars[T],
  locale: Locale,
): RenderedMail => {
  const body = (TEXTS[mailLanguage(locale)][template] as (vars: MailTemplateVars[T]) => Body)(vars);
  const text = [...body.intro, `${body.button}: ${vars.link}`, ...body.outro].join('\n\n');
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = [
    `<!doctype html><html lang="${mailLanguage(locale)}"><body style="font-family:sans-serif;line-height:1.5">`,
    paragraphs(body.intro),
    `<p><a href="${escapeHtml(vars.link)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(body.button)}</a></p>`,
    paragraphs(body.outro),
    '</body></html>',
  ].join('\n');
  return { subject: body.subject, text, html };
};
