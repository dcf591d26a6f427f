/**
 * An organisation's logo on its way in (`npm run brand -- set --logo <file>`): PNG or WebP by their bytes, never by
 * a file name, at most LOGO_MAX_BYTES, LOGO_MIN_PX to LOGO_MAX_PX on each side, and whole: a PNG's chunks must
 * fill the file exactly up to IEND, a WebP's RIFF length must be the file's. A PNG keeps only the chunks that draw
 * it (text, EXIF and private chunks are dropped), so nothing but a picture is served back. SVG is refused: it can
 * carry script (docs/decisions/security.md: Organisation logos and colours).
 */
import { LOGO_MAX_BYTES, LOGO_MAX_PX, LOGO_MIN_PX, type LogoType } from '../../api/contract/branding';

export class InvalidLogoError extends Error {}

export interface CheckedLogo {
  type: LogoType;
  bytes: Uint8Array;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** The chunks a PNG keeps: the critical ones and those that change how it is drawn. */
const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'pHYs',
]);

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (bytes: Uint8Array, offset: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(offset, offset + length));

const png = (bytes: Uint8Array): CheckedLogo => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const kept: Uint8Array[] = [bytes.subarray(0, 8)];
  let offset = 8;
  let width = 0;
  let height = 0;
  let ended = false;
  while (!ended) {
    if (offset + 12 > bytes.byteLength) throw new InvalidLogoError('the PNG ends inside a chunk');
    const length = view.getUint32(offset);
    const type = ascii(bytes, offset + 4, 4);
    const end = offset + 12 + length;
    if (end > bytes.byteLength) throw new InvalidLogoError('the PNG ends inside a chunk');
    if (offset === 8) {
      if (type !== 'IHDR' || length !== 13)
        throw new InvalidLogoError('the PNG does not start with its header');
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
    }
    if (PNG_KEPT.has(type)) kept.push(bytes.subarray(offset, end));
    ended = type === 'IEND';
    offset = end;
  }
  if (offset !== bytes.byteLength) throw new InvalidLogoError('the PNG has bytes after its end');
  const out = new Uint8Array(kept.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of kept) {
    out.set(part, at);
    at += part.byteLength;
  }
  return { type: 'image/png', bytes: out, width, height };
};

const webp = (bytes: Uint8Array): CheckedLogo => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 30) throw new InvalidLogoError('the WebP is cut short');
  if (view.getUint32(4, true) !== bytes.byteLength - 8)
    throw new InvalidLogoError("the WebP's length is not the file's");
  const chunk = ascii(bytes, 12, 4);
  let width: number;
  let height: number;
  if (chunk === 'VP8X') {
    width = 1 + (bytes[24] as number) + ((bytes[25] as number) << 8) + ((bytes[26] as number) << 16);
    height = 1 + (bytes[27] as number) + ((bytes[28] as number) << 8) + ((bytes[29] as number) << 16);
  } else if (chunk === 'VP8L') {
    if (bytes[20] !== 0x2f) throw new InvalidLogoError('the WebP is not a picture');
    const bits = view.getUint32(21, true);
    width = 1 + (bits & 0x3fff);
    height = 1 + ((bits >>> 14) & 0x3fff);
  } else if (chunk === 'VP8 ') {
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) throw new InvalidLogoError('the WebP is not a picture');
    width = view.getUint16(26, true) & 0x3fff;
    height = view.getUint16(28, true) & 0x3fff;
  } else throw new InvalidLogoError('the WebP is not a picture');
  return { type: 'image/webp', bytes, width, height };
};

/** The logo as it is stored and served, or an InvalidLogoError saying what is wrong with it. */
export const checkedLogo = (bytes: Uint8Array): CheckedLogo => {
  if (bytes.byteLength > LOGO_MAX_BYTES)
    throw new InvalidLogoError(
      `a logo is at most ${LOGO_MAX_BYTES / 1024} KB; this one is ${bytes.byteLength} bytes`,
    );
  let logo: CheckedLogo;
  if (startsWith(bytes, PNG_SIGNATURE)) logo = png(bytes);
  else if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') logo = webp(bytes);
  else
    throw new InvalidLogoError('a logo must be a PNG or WebP file (SVG is not taken: it can carry script)');
  const sides = [logo.width, logo.height];
  if (sides.some((side) => side < LOGO_MIN_PX || side > LOGO_MAX_PX))
    throw new InvalidLogoError(
      `a logo is ${LOGO_MIN_PX} to ${LOGO_MAX_PX} pixels on each side; this one is ${logo.width} x ${logo.height}`,
    );
  return logo;
};
