import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { organisationLogos, organisations } from '../db/schema';
import { createOrganisation } from '../test/fixtures';
import { createTestApp, type TestApp } from '../test/testApp';
import { BRAND_USAGE, runBrandCommand, UsageError } from './command';

let t: TestApp;
const dir = mkdtempSync(join(tmpdir(), 'brand-'));
const LIT_PNG = readFileSync(new URL('./demo/lit.png', import.meta.url));

/** A file in the test's folder with these bytes. */
const file = (name: string, bytes: Uint8Array | string): string => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([length, body, sum]);
};
/** A grey PNG of width x height, with these extra chunks before its image data. */
const pngOf = (width: number, height: number, extra: Buffer[] = []) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...extra,
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  await createOrganisation(t.db, { subdomain: 'lit', name: 'LIT' });
});
afterAll(() => t.close());

const run = async (...argv: string[]) => {
  const lines: string[] = [];
  await runBrandCommand(argv, { db: t.db, now: t.clock.now(), print: (line) => lines.push(line) });
  return lines;
};

const stored = async () => {
  const [row] = await t.db.select().from(organisations).where(eq(organisations.subdomain, 'lit'));
  if (!row) throw new Error('lit is gone');
  const [logo] = await t.db
    .select()
    .from(organisationLogos)
    .where(eq(organisationLogos.organisationId, row.id));
  return { row, logo };
};

describe('npm run brand', () => {
  it('shows an organisation without branding, sets name, logo and accent, and lists it', async () => {
    expect(await run('show', '--organisation', 'LIT')).toEqual([
      'lit: LIT',
      '  logo:   none (the initial in the accent colour)',
      "  accent: none (the site's colours)",
      '  set by an operator: never',
    ]);
    const lines = await run(
      'set',
      '--organisation',
      'lit',
      '--name',
      '  Lernen  im   Team ',
      '--logo',
      file('lit.png', LIT_PNG),
      '--accent',
      '#0A7',
    );
    const { row, logo } = await stored();
    expect(row.name).toBe('Lernen im Team');
    expect(row.accent).toBe('#00aa77');
    expect(row.logoVersion).toMatch(/^[0-9a-f]{16}$/);
    expect(logo?.mediaType).toBe('image/png');
    expect(logo?.version).toBe(row.logoVersion);
    expect(row.brandSetAt).toEqual(t.clock.now());
    expect(lines[0]).toBe('lit: Lernen im Team');
    // #00aa77 reaches only 2.9:1 on the light page: it is drawn a little darker there, as it is on dark.
    expect(lines[2]).toBe(
      '  accent: #00aa77 (drawn as #00a271 on light and #00aa77 on dark surfaces, 3:1 at least)',
    );
    expect((await run('list'))[0]).toBe('lit: Lernen im Team');
  });

  it('keeps what is not given, and takes the logo and the accent away with none', async () => {
    await run('set', '--organisation', 'lit', '--logo', file('a.png', LIT_PNG), '--accent', '#c2410c');
    await run('set', '--organisation', 'lit', '--name', 'LIT Learning');
    expect((await stored()).row).toMatchObject({ name: 'LIT Learning', accent: '#c2410c' });
    await run('set', '--organisation', 'lit', '--logo', 'none', '--accent', 'NONE');
    const { row, logo } = await stored();
    expect(row).toMatchObject({ accent: null, logoVersion: null });
    expect(logo).toBeUndefined();
  });

  it('strips text and private chunks from a PNG: only what draws it is served', async () => {
    const comment = chunk('tEXt', Buffer.from('Comment\u0000<script>alert(1)</script>'));
    const private_ = chunk('prVt', Buffer.from('anything'));
    await run('set', '--organisation', 'lit', '--logo', file('meta.png', pngOf(32, 32, [comment, private_])));
    const { logo } = await stored();
    const served = Buffer.from(logo?.content ?? []);
    expect(served.includes(Buffer.from('script'))).toBe(false);
    expect(served.includes(Buffer.from('prVt'))).toBe(false);
    expect(served.equals(pngOf(32, 32))).toBe(true);
  });

  const refusals: ReadonlyArray<[string, string[], RegExp]> = [
    ['an SVG (it can carry script)', ['--logo', 'svg'], /PNG or WebP.*SVG is not taken/],
    ['a logo over 64 KB', ['--logo', 'big'], /at most 64 KB/],
    ['a PNG with bytes after its end', ['--logo', 'trailing'], /bytes after its end/],
    ['a PNG cut short', ['--logo', 'short'], /ends inside a chunk/],
    ['a PNG of 8 x 8 pixels', ['--logo', 'tiny'], /16 to 1024 pixels on each side; this one is 8 x 8/],
    ['a PNG of 4000 x 20 pixels', ['--logo', 'wide'], /this one is 4000 x 20/],
    ['a WebP whose length lies', ['--logo', 'webp'], /WebP's length is not the file's/],
    ['a text file named .png', ['--logo', 'text'], /PNG or WebP/],
    ['a missing file', ['--logo', 'missing'], /no file at/],
    ['a folder', ['--logo', 'folder'], /no file at/],
    ['a colour name', ['--accent', 'red'], /--accent must be a colour as #rgb or #rrggbb/],
    ['a colour with CSS after it', ['--accent', '#000;background:url(x)'], /--accent must be a colour/],
    ['a four-digit colour', ['--accent', '#abcd'], /--accent must be a colour/],
    ['an empty name', ['--name', '   '], /--name must be 1 to 80 characters/],
    ['a name of 81 characters', ['--name', 'x'.repeat(81)], /--name must be 1 to 80 characters/],
    ['a name with a control character', ['--name', 'LIT\u0007'], /--name must be/],
    ['a name that turns text right to left', ['--name', 'LIT \u202eevil'], /--name must be/],
  ];
  const FILES: Record<string, () => string> = {
    svg: () => file('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    big: () => file('big.png', Buffer.concat([pngOf(32, 32), Buffer.alloc(64 * 1024)])),
    trailing: () => file('trailing.png', Buffer.concat([pngOf(32, 32), Buffer.from('<html>')])),
    short: () => file('short.png', pngOf(32, 32).subarray(0, 40)),
    tiny: () => file('tiny.png', pngOf(8, 8)),
    wide: () => file('wide.png', pngOf(4000, 20)),
    webp: () =>
      file(
        'lie.webp',
        Buffer.concat([
          Buffer.from('RIFF'),
          Buffer.from([0xff, 0xff, 0, 0]),
          Buffer.from('WEBPVP8L'),
          Buffer.alloc(40),
        ]),
      ),
    text: () => file('text.png', 'just some text, not a picture at all'),
    missing: () => join(dir, 'nothing-here.png'),
    folder: () => dir,
  };

  it.each(refusals)('refuses %s and stores nothing', async (_, [option, value], message) => {
    await run('set', '--organisation', 'lit', '--accent', '#c2410c', '--logo', file('ok.png', LIT_PNG));
    const before = await stored();
    const given = option === '--logo' ? (FILES[value as string] as () => string)() : (value as string);
    // With a valid change beside it: that is not stored either.
    const beside = option === '--name' ? ['--accent', '#123456'] : ['--name', 'Changed'];
    const failure = run('set', '--organisation', 'lit', option as string, given, ...beside);
    await expect(failure).rejects.toThrow(UsageError);
    await expect(failure).rejects.toThrow(message);
    expect(await stored()).toEqual(before);
  });

  it('answers an unknown organisation, a set with nothing to set and an unknown action with usage errors', async () => {
    await expect(run('show', '--organisation', 'nobody')).rejects.toThrow(
      'no organisation with subdomain nobody',
    );
    await expect(run('set', '--organisation', 'lit')).rejects.toThrow('set needs at least one of');
    await expect(run('paint')).rejects.toThrow(BRAND_USAGE);
    await expect(run('set', '--organisation', 'lit', '--colour', '#fff')).rejects.toThrow();
  });
});
