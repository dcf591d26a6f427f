/**
 * An organisation's branding (spec 2 Register: 'Welcome to {name}' with the organisation logo): its display name,
 * a logo and an accent colour. Stored on the organisation (server/db/schema.ts organisations.accent, logo_version
 * and organisation_logos), set by an operator (`npm run brand`), and carried in the answers that already name the
 * organisation (the invitation check, the company-id checks, the confirmation) and by GET
 * /api/organisations/:subdomain/brand (docs/decisions/product.md: Organisation branding comes from its data).
 *
 * The accent is drawn as a rule beside the welcome and as the disc of the initial that stands in for a missing
 * logo: graphics, which WCAG 2.x 1.4.11 holds to 3:1 against what they sit on. The operator's colour is kept as
 * given; the shade shown on the light and on the dark surfaces is that colour darkened or lightened just enough to
 * reach 3:1 on both of that palette's surfaces, and the initial's letter is black or white, whichever reaches 4.5:1
 * on the shade (docs/decisions/security.md: Organisation logos and colours).
 */
import * as v from 'valibot';
import { VALIDATION_CODES } from './common';

/** The longest display name an operator may give (the welcome line must fit a phone). */
export const BRAND_NAME_MAX = 80;
/** A logo is a small picture: at most this many bytes, PNG or WebP only (never SVG: it can carry script). */
export const LOGO_MAX_BYTES = 64 * 1024;
export const LOGO_TYPES = ['image/png', 'image/webp'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
/** A logo's width and height in pixels: at least, at most (it is drawn 48 px high, 96 on a dense screen). */
export const LOGO_MIN_PX = 16;
export const LOGO_MAX_PX = 1024;
/** Where a logo is served (ours): its bytes, with `?v=` its version, so a new logo is a new address. */
export const ORGANISATION_LOGO_PATH = '/api/organisations/:subdomain/logo';

/** WCAG 2.x: graphics and parts of controls 3:1 (1.4.11), normal text 4.5:1 (1.4.3). */
export const GRAPHIC_CONTRAST_MIN = 3;
const TEXT_CONTRAST_MIN = 4.5;

/**
 * The surfaces the accent is drawn on, by palette: --color-surface (the card) and --color-bg (the page around
 * it) of ui/styles/tokens.css, both palettes (branding.test.ts reads the file, so these follow the tokens).
 */
export const BRAND_SURFACES = {
  light: ['#ffffff', '#f4f6f9'],
  dark: ['#171c24', '#0f1319'],
} as const;

const HEX_COLOUR = /^#[0-9a-f]{6}$/;

/**
 * An accent as an operator gives it: #rgb or #rrggbb, any case, outer spaces ignored; the output is #rrggbb in
 * lower case. Only this shape ever reaches a style attribute or a mail.
 */
export const AccentSchema = v.pipe(
  v.string(VALIDATION_CODES.required),
  v.trim(),
  v.toLowerCase(),
  v.regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/, VALIDATION_CODES.pattern),
  v.transform((value) =>
    value.length === 4 ? `#${[...value.slice(1)].map((digit) => digit + digit).join('')}` : value,
  ),
);

/**
 * A display name: 1 to BRAND_NAME_MAX characters, inner runs of space made one, no control characters and no
 * bidirectional overrides (a name that turns the text around it right to left).
 */
export const BrandNameSchema = v.pipe(
  v.string(VALIDATION_CODES.required),
  v.trim(),
  v.transform((value) => value.replace(/\s+/g, ' ')),
  v.nonEmpty(VALIDATION_CODES.required),
  v.maxLength(BRAND_NAME_MAX, VALIDATION_CODES.max),
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  v.regex(/^[^\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]*$/, VALIDATION_CODES.pattern),
);

type Rgb = readonly [number, number, number];

const rgbOf = (hex: string): Rgb => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];
const hexOf = (rgb: Rgb): string =>
  `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;

/** WCAG 2.x relative luminance of an sRGB colour. */
const luminance = (rgb: Rgb): number => {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG 2.x contrast ratio of two #rrggbb colours (1 to 21). */
export const contrastRatio = (a: string, b: string): number => {
  const [high, low] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};

const mix = (from: Rgb, to: Rgb, amount: number): Rgb =>
  from.map((channel, index) => channel + ((to[index] as number) - channel) * amount) as unknown as Rgb;

/** Steps of the darkening or lightening: 1/64 each, so a shade is never much further than it needs to be. */
const MIX_STEPS = 64;

/** The colour mixed towards `towards` in the fewest steps that give GRAPHIC_CONTRAST_MIN on every surface. */
const shadeFor = (accent: string, surfaces: readonly string[], towards: Rgb): string => {
  const rgb = rgbOf(accent);
  for (let step = 0; step <= MIX_STEPS; step += 1) {
    const shade = hexOf(mix(rgb, towards, step / MIX_STEPS));
    if (surfaces.every((surface) => contrastRatio(shade, surface) >= GRAPHIC_CONTRAST_MIN)) return shade;
  }
  return hexOf(towards);
};

/** Black or white, whichever reads better on the shade: one of them always reaches 4.5:1. */
const inkOn = (shade: string): string => {
  const black = contrastRatio(shade, '#000000');
  // One of the two always reaches TEXT_CONTRAST_MIN: black when white does not.
  return black >= TEXT_CONTRAST_MIN || black >= contrastRatio(shade, '#ffffff') ? '#000000' : '#ffffff';
};

/** The accent as drawn: its shade on each palette's surfaces, and the letter colour on each shade. */
export interface BrandAccent {
  light: string;
  dark: string;
  onLight: string;
  onDark: string;
}

/** An accent (#rrggbb, AccentSchema's output) made fit to draw on both palettes (see the file's note). */
export const accentShades = (accent: string): BrandAccent => {
  const light = shadeFor(accent, BRAND_SURFACES.light, [0, 0, 0]);
  const dark = shadeFor(accent, BRAND_SURFACES.dark, [255, 255, 255]);
  return { light, dark, onLight: inkOn(light), onDark: inkOn(dark) };
};

const ColourWire = v.pipe(v.string(), v.regex(HEX_COLOUR));

/** The accent on the wire: the shades as accentShades made them, #rrggbb only (they go into a style). */
export const BrandAccentWire = v.object({
  light: ColourWire,
  dark: ColourWire,
  onLight: ColourWire,
  onDark: ColourWire,
});

/** A logo's address: a web address (ours, on the page's host: server/brand/organisationBrand.ts brandOf). */
const LogoUrlWire = v.pipe(v.string(), v.regex(/^https?:\/\//));

/** An organisation's branding as answered: same names on the wire and in the app. */
export const OrganisationBrandWire = v.object({
  /** The display name: 'Welcome to {name}'. */
  name: v.string(),
  /** Its logo; null: none (the initial stands in). */
  logoUrl: v.nullable(LogoUrlWire),
  /** Its accent; null: none (the site's own colours). */
  accent: v.nullable(BrandAccentWire),
});
export type OrganisationBrandWire = v.InferOutput<typeof OrganisationBrandWire>;
export type OrganisationBrand = OrganisationBrandWire;

/**
 * The branding inside an answer that already names the organisation. Optional on the wire: an answer from a
 * server process of before it existed reads as no branding, never as a failed sign-up.
 */
export const OptionalOrganisationBrandWire = v.optional(OrganisationBrandWire);

/** GET /api/organisations/:subdomain/brand path parameter. */
export const OrganisationBrandParamsWire = v.object({
  subdomain: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
});

/** The path of an organisation's logo (without its ?v=). */
export const apiLogoPath = (subdomain: string): string =>
  ORGANISATION_LOGO_PATH.replace(':subdomain', encodeURIComponent(subdomain));
