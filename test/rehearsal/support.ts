import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { connectChromium, expectNoCspViolations, newWatchedContext } from '../e2e/browser';
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

export interface ArrivedMail {
  file: string;
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
  return { file: name, envelopeTo: envelope.to, parsed, links };
};

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
    for (const name of existsSync(dir)
      ? readdirSync(dir)
          .filter((n) => n.endsWith('.eml'))
          .sort()
      : []) {
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

/**
 * A mail as a mail client expects it: From (the configured sender), To (the person), Subject, Date, Message-ID,
 * a text part and an HTML part with the same link, in the person's language (`subject`, and the HTML's lang).
 * Answers the link.
 */
function expectProperMail(mail: ArrivedMail, { to, subject, locale, linkPart }: MailExpected): string {
  const { parsed } = mail;
  expect(parsed.from?.value[0]?.address).toBe('no-reply@rehearsal.test');
  const recipients = (Array.isArray(parsed.to) ? parsed.to : [parsed.to]).flatMap((a) => a?.value ?? []);
  expect(recipients.map((a) => a.address?.toLowerCase())).toEqual([to.toLowerCase()]);
  if (typeof subject === 'string') expect(parsed.subject).toBe(subject);
  else expect(parsed.subject).toMatch(subject);
  expect(parsed.date).toBeInstanceOf(Date);
  expect(Math.abs((parsed.date?.getTime() ?? 0) - Date.now())).toBeLessThan(5 * 60_000);
  expect(parsed.messageId).toMatch(/^<[^<>@\s]+@[^<>@\s]+>$/);
  expect(parsed.text?.trim()).toBeTruthy();
  expect(typeof parsed.html === 'string' && parsed.html.length > 0).toBe(true);
  const link = mail.links.find((candidate) => candidate.includes(linkPart));
  expect(link, `a link with ${linkPart} in the text part`).toBeTruthy();
  const html = String(parsed.html);
  expect(html.replaceAll('&amp;', '&')).toContain(link);
  expect(html.match(/<html[^>]*\blang="([^"]+)"/)?.[1]?.split('-')[0]).toBe(locale.split('-')[0]);
  return link as string;
}

/** What a mail must be (expectProperMail) and which link it carries. */
export interface MailExpected {
  to: string;
  subject: string | RegExp;
  locale: string;
  linkPart: string;
}

/** The next mail to `expected.to` with that link (nextMail), checked as a mail client expects it; its mail and link. */
export async function mailedLink(expected: MailExpected): Promise<{ mail: ArrivedMail; link: string }> {
  const mail = await nextMail(expected.to, expected.linkPart);
  return { mail, link: expectProperMail(mail, expected) };
}
