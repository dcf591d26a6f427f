import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SOCIAL_NETWORKS } from '../../api/contract/limits';
import type { UserProfileWire } from '../../api/contract/profile';
import { expectNoCspViolations, newWatchedContext } from './browser';
import { journeyBrowser } from './journeyBrowser';
import { appIsLive, expectNoAxeViolations } from './support';

/**
 * The profile edit form and the avatar upload of /me (spec 2 Me page, spec 4 Profile save and Image upload)
 * against the reference server, as curator@example.com, with the keyboard alone: every field in both tabs saved
 * and still there after a reload; a malformed phone refused under the phone with the other values kept; a PNG
 * uploaded with its progress bar, kept across a reload, then deleted. axe-core on every state.
 */
const EMAIL = 'curator@example.com';
const PASSWORD = 'demo-password';

let browser: Browser;
const url = (path: string) => new URL(path, inject('serverUrl')).href;

/** A PNG of random pixels (it does not compress), so that the upload takes long enough to watch its progress. */
function noisePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Keyboard only: Tab (forwards) until `target` has the focus. */
async function tabTo(page: Page, target: Locator, most = 60): Promise<void> {
  for (let step = 0; step < most; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Keyboard only: reach a field, select what it holds and type the new value over it. */
async function typeInto(page: Page, field: Locator, value: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+a');
  if (value === '') await page.keyboard.press('Backspace');
  else await page.keyboard.type(value);
}

async function loggedInPage(): Promise<Page> {
  const context = await newWatchedContext(browser, { locale: 'en-US' });
  const page = await context.newPage();
  await page.goto(url('/login'));
  await appIsLive(page);
  await page.getByLabel('E-mail').fill(EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((u) => u.pathname === '/me');
  await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
  return page;
}

async function openEdit(page: Page): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: 'Edit', exact: true }));
  await page.keyboard.press('Enter');
  const title = page.getByRole('heading', { level: 3, name: 'Edit profile' });
  await title.waitFor();
  // The form takes the focus to its heading (house rule: focus moves to the new heading).
  expect(await title.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await page.title()).toBe('Edit profile - Account');
}

const personal = {
  'Screen name': 'Casey Q. Curator',
  Position: 'Editor in chief',
  Department: 'Newsroom',
  Phone: '+49 170 7654321',
  Location: 'Hamburg, Germany',
};
const bio = 'Curates the demo channel. Likes tidy archives and short headlines.';
const social = {
  Facebook: 'https://facebook.com/casey.curator',
  Instagram: 'https://instagram.com/casey.curator',
  YouTube: 'https://youtube.com/@caseycurator',
  LinkedIn: 'https://linkedin.com/in/casey-curator',
  TikTok: 'https://tiktok.com/@caseycurator',
  Twitter: 'https://twitter.com/caseycurator',
  Snapchat: 'https://snapchat.com/add/caseycurator',
};

/** A session of curator@ for the API itself (no browser), as its Cookie header. */
async function apiSession(): Promise<string> {
  const answer = await fetch(url('/api/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, pwd: PASSWORD }),
  });
  expect(answer.status, await answer.clone().text()).toBeLessThan(300);
  return answer.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** curator@ is a shared demo account: its profile as the seed left it, put back after these journeys. */
let seeded: UserProfileWire;

beforeAll(async () => {
  browser = await journeyBrowser();
  const answer = await fetch(url('/api/me'), { headers: { cookie: await apiSession() } });
  seeded = (await answer.json()) as UserProfileWire;
});
afterAll(async () => {
  await browser?.close();
  if (seeded) {
    const text = (value: string | null | undefined) => value ?? '';
    const restored = await fetch(url('/api/me'), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: await apiSession() },
      body: JSON.stringify({
        screenName: seeded.username,
        phone: text(seeded.phone),
        position: text(seeded.position),
        department: text(seeded.department),
        bio: text(seeded.bio),
        // The journey deleted its picture with its record; the seed's own picture (if any) is still there.
        imageId: seeded.imageId ?? null,
        links: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, text(seeded.links?.[network])])),
        location: {
          text: text(seeded.location?.text),
          city: text(seeded.location?.city),
          state: text(seeded.location?.state),
          country: text(seeded.location?.country),
        },
      }),
    });
    expect(restored.status, await restored.clone().text()).toBe(200);
  }
  expectNoCspViolations(browser);
});

describe('/me profile edit and avatar (keyboard only)', () => {
  it('edits every field in both tabs, saves, and finds them all after a reload', async () => {
    const page = await loggedInPage();
    await openEdit(page);
    await expectNoAxeViolations(page, 'profile edit, Personal info');
    expect(
      await page.getByText('Phone number should be in the following format: +49 170 1234567').count(),
    ).toBe(1);
    for (const [label, value] of Object.entries(personal))
      await typeInto(page, page.getByLabel(label, { exact: true }), value);
    await typeInto(page, page.getByLabel('Bio', { exact: true }), bio);

    // WAI-ARIA tabs: the selected tab is in the Tab order, the arrow key selects the other one.
    await tabTo(page, page.getByRole('tab', { name: 'Personal info' }));
    await page.keyboard.press('ArrowRight');
    const socialTab = page.getByRole('tab', { name: 'Social profiles' });
    expect(await socialTab.getAttribute('aria-selected')).toBe('true');
    expect(await page.getByPlaceholder('Enter your profile link').count()).toBe(7);
    await expectNoAxeViolations(page, 'profile edit, Social profiles');
    for (const [label, value] of Object.entries(social))
      await typeInto(page, page.getByLabel(label, { exact: true }), value);

    // A slow answer, so that the saving state ('Processing') can be checked too.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 1500,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await tabTo(page, page.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Processing' }).waitFor();
    await expectNoAxeViolations(page, 'profile edit, saving');
    await page.getByRole('heading', { level: 3, name: personal['Screen name'] }).waitFor();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // Back on the view, the keyboard continues from Edit.
    expect(
      await page
        .getByRole('button', { name: 'Edit', exact: true })
        .evaluate((b) => b === document.activeElement),
    ).toBe(true);
    expect(await page.title()).toBe('Your account - Account');
    await expectNoAxeViolations(page, 'profile view after a save');

    await page.reload();
    await page.getByRole('heading', { level: 3, name: personal['Screen name'] }).waitFor();
    await page.getByText(`${personal.Position} · ${personal.Department}`).waitFor();
    await page.getByText(personal.Location).waitFor();
    expect(await page.getByRole('link', { name: personal.Phone }).getAttribute('href')).toBe(
      'tel:+491707654321',
    );
    const links = page.getByRole('list', { name: 'Social profiles' });
    for (const [label, value] of Object.entries(social))
      expect(await links.getByRole('link', { name: label }).getAttribute('href')).toBe(value);
    // Each link's name contains its visible text (WCAG 2.5.3): axe's rule is experimental, so asked for by name.
    const labelInName = await new AxeBuilder({ page }).withRules(['label-content-name-mismatch']).analyze();
    expect(labelInName.violations.map((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
    // The bio is longer than the preview: More shows all of it.
    const more = page.getByRole('button', { name: 'More' });
    if (await more.count()) await more.click();
    await page.getByText(bio).waitFor();
    expect(await page.getByText('Please complete your profile!').count()).toBe(0);

    // A second Edit starts from the saved values.
    await openEdit(page);
    expect(await page.getByLabel('Screen name', { exact: true }).inputValue()).toBe(personal['Screen name']);
    await page.context().close();
  });

  it('shows a malformed phone under the phone, keeps the other values, and Cancel drops them', async () => {
    const page = await loggedInPage();
    await openEdit(page);
    await typeInto(page, page.getByLabel('Position', { exact: true }), 'Night editor');
    await typeInto(page, page.getByLabel('Phone', { exact: true }), 'call me maybe');
    await tabTo(page, page.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    const phone = page.getByLabel('Phone', { exact: true });
    await page.getByText('Please enter a valid phone number').waitFor();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    const described = await phone.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    );
    expect(described).toContain('Please enter a valid phone number');
    expect(await phone.inputValue()).toBe('call me maybe');
    expect(await page.getByLabel('Position', { exact: true }).inputValue()).toBe('Night editor');
    await expectNoAxeViolations(page, 'profile edit, phone refused');

    await tabTo(page, page.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    expect(await page.getByText('Night editor').count()).toBe(0);
    await openEdit(page);
    expect(await page.getByLabel('Phone', { exact: true }).inputValue()).not.toBe('call me maybe');
    await page.context().close();
  });

  it('uploads a PNG with a progress bar, keeps it across a reload, then deletes it', async () => {
    const page = await loggedInPage();
    await openEdit(page);
    // A slow line, so that the progress bar can be seen moving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000_000,
      uploadThroughput: 300_000,
    });
    // A file that is no picture is refused with its reason, before anything is sent.
    const refusedChooser = page.waitForEvent('filechooser');
    await tabTo(page, page.getByLabel('Choose a picture'));
    await page.keyboard.press('Space');
    await (await refusedChooser).setFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await page.getByText('This file is not a picture we can use.', { exact: false }).waitFor();
    await expectNoAxeViolations(page, 'avatar refused (type)');

    // The chooser looks like the site's buttons: the native control is hidden to the eye, its label is the button.
    const native = await page.locator('input[type="file"]').boundingBox();
    expect(native?.width ?? 0).toBeLessThanOrEqual(1);
    const look = page.locator('label', { hasText: 'Choose a picture' });
    expect(await look.getAttribute('class')).toContain('ui-button--secondary');
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, page.getByLabel('Choose a picture'));
    await page.keyboard.press('Space');
    await (await chooser).setFiles({
      name: 'portrait.png',
      mimeType: 'image/png',
      buffer: noisePng(900, 700),
    });

    const bar = page.getByRole('progressbar', { name: 'Uploading the picture' });
    await bar.waitFor();
    await expectNoAxeViolations(page, 'avatar uploading');
    await expect
      .poll(async () => ((await bar.count()) ? Number(await bar.getAttribute('value')) : 100), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    const preview = page.getByRole('img', { name: 'New profile picture (not saved yet)' });
    await preview.waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expectNoAxeViolations(page, 'avatar uploaded');
    // Cropped square and shrunk in the browser before it went.
    const size = await preview.evaluate(async (element) => {
      const image = element as HTMLImageElement;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    });
    expect(size).toEqual([512, 512]);

    await tabTo(page, page.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await page.reload();
    const avatar = page.getByRole('img', { name: /^Avatar of / });
    await avatar.waitFor();
    const src = (await avatar.getAttribute('src')) ?? '';
    expect(await avatar.evaluate((element) => (element as HTMLImageElement).decode().then(() => true))).toBe(
      true,
    );
    expect((await fetch(src)).status).toBe(200);

    // A picture given by its link (template profile): Enter in the link field imports it; Cancel drops it again.
    await openEdit(page);
    await typeInto(page, page.getByLabel('Or the link of a picture'), src);
    await page.keyboard.press('Enter');
    const imported = page.getByRole('img', { name: 'New profile picture (not saved yet)' });
    await imported.waitFor();
    expect(await imported.getAttribute('src')).toBe(src);
    await expectNoAxeViolations(page, 'avatar imported from a link');
    await tabTo(page, page.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    expect(await avatar.getAttribute('src')).toBe(src);

    await openEdit(page);
    await tabTo(page, page.getByRole('button', { name: 'Delete picture' }));
    await page.keyboard.press('Enter');
    await page.getByRole('img', { name: 'No profile picture' }).waitFor();
    // The Delete button went with the picture: the focus is on the file chooser, not lost.
    expect(await page.getByLabel('Choose a picture').evaluate((e) => e === document.activeElement)).toBe(
      true,
    );
    await expectNoAxeViolations(page, 'avatar deleted, not saved yet');
    await tabTo(page, page.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Edit', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('img', { name: 'No profile picture' }).waitFor();
    // The replaced picture's record and file are gone from the server too.
    await expect.poll(async () => (await fetch(src)).status).toBe(404);
    await page.context().close();
  });
});
