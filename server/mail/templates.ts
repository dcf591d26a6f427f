/**
 * The mails the server sends, in the six locales of the site (spec 7; spec 9: the invitation templates for editors
 * and readers). Each language's words are in server/mail/texts/<language>.ts.
 *
 * Every variable is escaped for the HTML part; links are the only URLs in a mail, so the dev mailbox's `links`
 * are exactly the links a user could click.
 */
import type { OrganisationBrand } from '../../api/contract/branding';
import type { Locale } from '../../api/contract/limits';
import { escapeHtml } from '../html';
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

/** The button's colours: the organisation's accent as drawn on light surfaces (mails are light), else the site's. */
const buttonColours = (brand: OrganisationBrand | undefined) =>
  brand?.accent
    ? `background:${brand.accent.light};color:${brand.accent.onLight}`
    : 'background:#1d4ed8;color:#fff';

/**
 * The organisation's header above a mail that names it (docs/decisions/product.md: Organisation branding comes from
 * its data): its logo (from SITE_URL; a mail client that does not load pictures shows nothing, as alt is empty and
 * the name follows) and its name, with its accent as the rule. Only in the HTML part: the text part's first address
 * stays the mail's link (the dev mailbox's `links`).
 */
const brandHeader = (brand: OrganisationBrand | undefined): string[] => {
  if (!brand) return [];
  const rule = brand.accent?.light ?? '#1d4ed8';
  const logo = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="" width="48" height="48" style="vertical-align:middle;margin-right:12px">`
    : '';
  return [
    `<p style="border-left:4px solid ${rule};padding-left:12px;font-size:18px;font-weight:600">${logo}${escapeHtml(brand.name)}</p>`,
  ];
};

export const renderMail = <T extends MailTemplate>(
  template: T,
  vars: MailTemplateVars[T],
  locale: Locale,
  /** The organisation the mail is about, when there is one: its header and colour. */
  brand?: OrganisationBrand,
): RenderedMail => {
  const body = (TEXTS[mailLanguage(locale)][template] as (vars: MailTemplateVars[T]) => Body)(vars);
  const text = [...body.intro, `${body.button}: ${vars.link}`, ...body.outro].join('\n\n');
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const html = [
    `<!doctype html><html lang="${mailLanguage(locale)}"><body style="font-family:sans-serif;line-height:1.5">`,
    ...brandHeader(brand),
    paragraphs(body.intro),
    `<p><a href="${escapeHtml(vars.link)}" style="display:inline-block;padding:10px 16px;${buttonColours(brand)};text-decoration:none;border-radius:4px">${escapeHtml(body.button)}</a></p>`,
    paragraphs(body.outro),
    '</body></html>',
  ].join('\n');
  return { subject: body.subject, text, html };
};
