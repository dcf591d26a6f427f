import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { LOCALES } from '../../api/contract/limits';
import { connectChromium, expectNoCspViolations, newWatchedContext } from '../e2e/browser';
import { tabTo } from '../e2e/keyboard';
import { appIsLive } from '../e2e/support';

/** What the global setup started (test/rehearsal/globalSetup.ts). */
export const rehearsal = () => inject('rehearsal');
export const siteUrl = (path = '/') => new URL(path, rehearsal().siteUrl).href;

/**
 * The shared Chromium, connected for this file; the file fails on any CSP violation its pages reported
 * (test/e2e/browser.ts).
 */
export function sharedBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await connectChromium(rehearsal().browserWsEndpoint);
  });
  afterAll(async () => {
    if (!browser) return;
    // Disconnects: the browser itself belongs to the global setup.
    await browser.close();
    expectNoCspViolations(browser);
  });
  return () => {
    if (!browser) throw new Error('the rehearsal browser is not connected');
    return browser;
  };
}

/** A page in a fresh context (its own cookies) in the given language, on `path` of the site, the app running. */
export async function openPage(browser: Browser, path: string, locale = 'en-US'): Promise<Page> {
  const context = await newWatchedContext(browser, { locale });
  const page = await context.newPage();
  await page.goto(siteUrl(path));
  await appIsLive(page);
  return page;
}

/** Tab to a labelled field (the focus must get there by keyboard), then type over what it holds. */
export async function typeInto(page: Page, label: string, value: string) {
  await tabTo(page, page.getByLabel(label, { exact: true }));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(value);
}

export interface ArrivedMail {
  file: string;
  /** When the SMTP server wrote it down (the file's time). */
  arrivedAt: Date;
  envelopeTo: string[];
  parsed: ParsedMail;
  /** Links to the site found in the text part. */
  links: string[];
}

const readMail = async (dir: string, name: string): Promise<ArrivedMail> => {
  const envelope = JSON.parse(readFileSync(join(dir, name.replace(/\.eml$/, '.json')), 'utf8')) as {
    to: string[];
  };
  const parsed = await simpleParser(readFileSync(join(dir, name)));
  const site = rehearsal().siteUrl;
  const links = (parsed.text ?? '').match(/https?:\/\/[^\s<>"')]+/g)?.filter((l) => l.startsWith(site)) ?? [];
  return { file: name, arrivedAt: statSync(join(dir, name)).mtime, envelopeTo: envelope.to, parsed, links };
};

/** The mails written down so far, in the order they arrived. */
const arrivedMailNames = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((n) => n.endsWith('.eml'))
        .sort()
    : [];

/** Mails this file has taken already: each is looked at by one step. */
const taken = new Set<string>();

/**
 * Waits for the next mail that arrived over SMTP for `to` (the envelope's recipient) and that this file has not
 * taken yet, whose text has a link containing `linkPart`.
 */
export async function nextMail(to: string, linkPart: string): Promise<ArrivedMail> {
  const dir = rehearsal().mailDir;
  // A plain loop rather than expect.poll: set-up steps (beforeAll) wait for mail too.
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const name of arrivedMailNames(dir)) {
      if (taken.has(name)) continue;
      const mail = await readMail(dir, name);
      if (!mail.envelopeTo.some((address) => address.toLowerCase() === to.toLowerCase())) continue;
      if (!mail.links.some((link) => link.includes(linkPart))) continue;
      taken.add(name);
      return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with a link containing ${linkPart} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The languages of the six locales, as a mail's `<html lang>` names them. */
const MAIL_LANGUAGES = LOCALES.map((locale) => locale.split('-')[0]);

/**
 * A mail as a mail client expects it: From (the configured sender), To (the person), Subject, Date (when it was
 * sent: within minutes of its arrival), Message-ID, a text part and an HTML part with the same link, in the
 * person's language (`subject`, and the HTML's lang, one of the six locales'). Answers the link.
 */
function expectProperMail(mail: ArrivedMail, { to, subject, locale, linkPart }: MailExpected): string {
  const { parsed } = mail;
  expect(parsed.from?.value[0]?.address).toBe('no-reply@rehearsal.test');
  const recipients = (Array.isArray(parsed.to) ? parsed.to : [parsed.to]).flatMap((a) => a?.value ?? []);
  expect(recipients.map((a) => a.address?.toLowerCase())).toEqual([to.toLowerCase()]);
  if (typeof subject === 'string') expect(parsed.subject).toBe(subject);
  else expect(parsed.subject).toMatch(subject);
  expect(parsed.date).toBeInstanceOf(Date);
  expect(Math.abs((parsed.date?.getTime() ?? 0) - mail.arrivedAt.getTime())).toBeLessThan(5 * 60_000);
  expect(parsed.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
  expect(parsed.text?.trim()).toBeTruthy();
  expect(typeof parsed.html === 'string' && parsed.html.length > 0).toBe(true);
  const link = mail.links.find((candidate) => candidate.includes(linkPart));
  expect(link, `a link with ${linkPart} in the text part`).toBeTruthy();
  const html = String(parsed.html);
  // The server escapes & in the HTML part as &#38;, other senders as &amp;: the same link either way.
  expect(html.replaceAll('&amp;', '&').replaceAll('&#38;', '&')).toContain(link);
  const language = html.match(/<html[^>]*\blang="([^"]+)"/)?.[1];
  expect(MAIL_LANGUAGES, "the HTML part's lang").toContain(language);
  expect(language?.split('-')[0], "the HTML part's lang").toBe(locale.split('-')[0]);
  return link as string;
}

/** What a mail must be (expectProperMail) and which link it carries. */
export interface MailExpected {
  to: string;
  subject: string | RegExp;
  locale: string;
  linkPart: string;
}

/** The locale a journey expected of a mail it read with mailedLink, by the mail's file. */
const expectedLocales = new Map<string, string>();

/** The next mail to `expected.to` with that link (nextMail), checked as a mail client expects it; its mail and link. */
export async function mailedLink(expected: MailExpected): Promise<{ mail: ArrivedMail; link: string }> {
  const mail = await nextMail(expected.to, expected.linkPart);
  expectedLocales.set(mail.file, expected.locale);
  return { mail, link: expectProperMail(mail, expected) };
}

/**
 * The language of every request the rehearsal makes (apiClient, openPage) unless a journey asks for another: a
 * mail no journey read with mailedLink must be in it. A journey that works in another language reads the mails it
 * causes with mailedLink and says which language they must be in.
 */
const REHEARSAL_LOCALE = 'en-US';

/**
 * Every mail that arrived over SMTP and no rehearsal file has checked yet, checked as expectProperMail checks the
 * mails the journeys read: the confirmations of sign-ups made through the API, the security notices, whatever a
 * journey did not read itself. Each file runs it after its tests (test/rehearsal/everyMail.setup.ts); files run one
 * at a time and every mail is sent before the call that causes it answers, so each mail is checked by the file
 * during which it arrived (the global setup's by the first). A mail is marked checked (`<n>.checked` beside it)
 * before its check, so a bad one fails one file, which names it.
 */
export async function expectEveryArrivedMailProper(): Promise<void> {
  const dir = rehearsal().mailDir;
  const failures: string[] = [];
  for (const name of arrivedMailNames(dir)) {
    const marker = join(dir, name.replace(/\.eml$/, '.checked'));
    if (existsSync(marker)) continue;
    writeFileSync(marker, '');
    const mail = await readMail(dir, name);
    try {
      expect(mail.envelopeTo, 'one recipient in the envelope').toHaveLength(1);
      expectProperMail(mail, {
        to: mail.envelopeTo[0] ?? '',
        subject: /\S/,
        locale: expectedLocales.get(name) ?? REHEARSAL_LOCALE,
        linkPart: rehearsal().siteUrl,
      });
    } catch (error) {
      const what = `${name} to ${mail.envelopeTo.join(', ')}, "${mail.parsed.subject ?? ''}"`;
      failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failures.length > 0) throw new Error(`mail not as a mail client expects it:\n${failures.join('\n')}`);
}
