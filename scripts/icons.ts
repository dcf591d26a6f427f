/**
 * Writes the site's icons into public/ (Vite copies them to the build's root): favicon.svg, favicon.ico (32 px),
 * apple-touch-icon.png (180 px), icon-192.png and icon-512.png for the web app manifest. One drawing in the site's
 * colours (ui/styles/tokens.css: --color-primary, --color-on-primary): a person's outline on a rounded square, no
 * brand. `npm run icons` draws them again; the PNGs are made here with node:zlib, no image tool needed.
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const PRIMARY = [0x34, 0x51, 0xd1] as const;
const ON_PRIMARY = [0xff, 0xff, 0xff] as const;

/** The drawing on a 0..1 square: which colour a point has, null outside the rounded square. */
const colourAt = (x: number, y: number): readonly number[] | null => {
  const radius = 0.22;
  const cx = Math.min(Math.max(x, radius), 1 - radius);
  const cy = Math.min(Math.max(y, radius), 1 - radius);
  if ((x - cx) ** 2 + (y - cy) ** 2 > radius ** 2) return null;
  const head = (x - 0.5) ** 2 + (y - 0.38) ** 2 < 0.15 ** 2;
  const shoulders = y > 0.6 && y < 0.82 && (x - 0.5) ** 2 / 0.27 ** 2 + (y - 0.82) ** 2 / 0.22 ** 2 < 1;
  return head || shoulders ? ON_PRIMARY : PRIMARY;
};

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="22" fill="#3451d1"/>
  <circle cx="50" cy="38" r="15" fill="#fff"/>
  <path d="M23 82a27 22 0 0 1 54 0z" fill="#fff"/>
</svg>
`;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer): number => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** An RGBA PNG of the drawing, 4x4 samples a pixel for smooth edges. */
const iconPng = (size: number): Buffer => {
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < 4; sy += 1)
        for (let sx = 0; sx < 4; sx += 1) {
          const colour = colourAt((px + (sx + 0.5) / 4) / size, (py + (sy + 0.5) / 4) / size);
          if (!colour) continue;
          for (let channel = 0; channel < 3; channel += 1)
            sum[channel] = (sum[channel] as number) + (colour[channel] as number);
          sum[3] = (sum[3] as number) + 1;
        }
      const covered = sum[3] as number;
      const offset = 1 + px * 4;
      for (let channel = 0; channel < 3; channel += 1)
        row[offset + channel] = covered ? Math.round((sum[channel] as number) / covered) : 0;
      row[offset + 3] = Math.round((covered / 16) * 255);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** An .ico holding one PNG image (every browser since 2009 reads PNG inside ICO). */
const icoOf = (png: Buffer, size: number): Buffer => {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10); // planes
  header.writeUInt16LE(32, 12); // bits
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
};

const MANIFEST = {
  name: 'Account',
  short_name: 'Account',
  start_url: '/',
  display: 'standalone',
  background_color: '#f4f6f9',
  theme_color: '#3451d1',
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
  ],
};

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync('public/favicon.svg', SVG);
  writeFileSync('public/favicon.ico', icoOf(iconPng(32), 32));
  writeFileSync('public/apple-touch-icon.png', iconPng(180));
  writeFileSync('public/icon-192.png', iconPng(192));
  writeFileSync('public/icon-512.png', iconPng(512));
  writeFileSync('public/site.webmanifest', `${JSON.stringify(MANIFEST, null, 2)}\n`);
  console.log('wrote the icons and site.webmanifest into public/');
}
