/**
 * Constants, limits and enumerations of spec 3, 5 and 9: one source for every rule.
 * Schemas in api/contract, guards in machines/, views and the server all read these.
 */

// spec 9 + 5: codes
export const OTP_LENGTH = 6;
export const RECOVERY_CODE_LENGTH = 6;
export const RECOVERY_CODE_COUNT = 10;
/**
 * docs/decisions/security.md: Remember this device: how many days a remembered browser skips the code unless the
 * server's REMEMBERED_DEVICE_DAYS says otherwise (the page then tells the site, routes/siteEnv.ts).
 */
export const REMEMBERED_DEVICE_DAYS = 30;
/** The page's meta element that tells the site another number of days (server/sitePage.ts, routes/siteEnv.ts). */
export const REMEMBERED_DEVICE_DAYS_META = 'remembered-device-days';

// spec 5: passwords and names
export const NEW_PASSWORD_MIN = 6;
export const SIGNUP_PASSWORD_MIN = 5;
/** Not in the spec: a ceiling so the strength bar and argon2 never get megabytes. */
export const PASSWORD_MAX = 128;
export const SIGNUP_NAME_MIN = 2;
export const SCREEN_NAME_MIN = 2;
export const SCREEN_NAME_MAX = 100;
/**
 * Spec 5 says 2-160 for the sign-up name, but it becomes the profile's screen name, whose user limit is 100: the
 * one limit is 100, so a name given at sign-up can always be saved again (docs/decisions/product.md: One name limit).
 */
export const SIGNUP_NAME_MAX = SCREEN_NAME_MAX;

// spec 5: channels and organisations
export const CHANNEL_NAME_MIN = 3;
export const CHANNEL_NAME_MAX = 24;
export const CHANNEL_SUBDOMAIN_MIN = 3;
export const CHANNEL_SUBDOMAIN_MAX = 24;
export const ORGANISATION_NAME_MIN = 3;
export const ORGANISATION_NAME_MAX = 24;
export const ORGANISATION_SUBDOMAIN_MIN = 3;
export const ORGANISATION_SUBDOMAIN_MAX = 24;

// spec 5: start (register by company id)
export const START_SUBDOMAIN_MIN = 3;
/**
 * Spec 5 Start says 20; the organisation subdomain limit (24) is taken instead, so that unicef_for_every_child (22)
 * is reachable from /start too (docs/decisions/product.md: /start accepts 24 characters).
 */
export const START_SUBDOMAIN_MAX = ORGANISATION_SUBDOMAIN_MAX;
export const LAST_NAME_MIN = 3;
export const LAST_NAME_MAX = 256;
export const COMPANY_ID_MIN = 1;
export const COMPANY_ID_MAX = 20;

// spec 5: user content limits
export const USER_LIMITS = {
  email: 160,
  phone: 25,
  bio: 300,
  position: 250,
  address: 250,
  department: 250,
  screenName: SCREEN_NAME_MAX,
} as const;

export const CONTENT_LIMITS = {
  comment: 4000,
  feedback: 2000,
  articleHeadline: 360,
  articleAbstract: 700,
  articleContentAuthor: 60,
  articleSourceName: 160,
  articleTitle: 160,
  mediaHeadline: 360,
  mediaSubHeadline: 360,
  mediaTitle: 300,
  mediaText: 20000,
  mediaSourceName: 160,
  threadTitle: 240,
  quote: 700,
  storyTitle: 160,
  storySubtitle: 160,
  pushTitle: 50,
  pushSubtitle: 160,
  customEmailText: 300,
  embedHeadline: 160,
  embedIntro: 160,
  inAppTitle: { min: 4, max: 120 },
  inAppIntro: { min: 4, max: 300 },
  inAppButton: { min: 2, max: 20 },
  gallerySize: 20,
  mediaFileBytes: 524_288_000,
} as const;

// spec 9: lists
export const SEARCH_MAX = 20;
export const PAGE_SIZE = 15;
export const FUZZY_THRESHOLD = 0.25;
export const SECRET_GROUP_SIZE = 3;
export const TRANSLATION_TIMEOUT_MS = 3000;
export const IDP_SUCCESS_REDIRECT_MS = 1000;
export const START_STEPS = 3;
export const COMPANY_PAGE_STEPS = 2;

// spec 9: organisations with special behaviour
export const DEFAULT_ORGANISATION_SUBDOMAIN = 'welcome';
export const SPECIAL_ORGANISATIONS = [
  'lit',
  'unicef_for_every_child',
  'papier_union',
  'inapa_deutschland',
  'wernsing_food_family',
  'ceramtec',
] as const;
/** spec 2 Start / spec 6: device terms apply only for these (compared case-insensitively). */
export const DEVICE_TERMS_ORGANISATIONS = ['papier_union', 'inapa_deutschland'] as const;
/**
 * spec 2 Register: the branded wordings of the terms-and-privacy checkbox, named after the organisations the spec
 * gives them to. Which wording an organisation shows, and its two addresses, is that organisation's data on the
 * server (api/contract/organisationTerms.ts; docs/decisions/product.md: Organisation terms come from the organisation's data).
 */
export const BRANDED_TERMS_ORGANISATIONS = [
  'wernsing_food_family',
  'ceramtec',
  'unicef_for_every_child',
  'lit',
] as const;
/** Every wording an organisation may have: a branded one, or the site's own ('default'). */
export const TERMS_WORDINGS = ['default', ...BRANDED_TERMS_ORGANISATIONS] as const;
export type TermsWording = (typeof TERMS_WORDINGS)[number];
/** spec 2: company-specific start pages. */
export const COMPANY_PAGE_ORGANISATIONS = ['lit', 'unicef_for_every_child'] as const;
export type CompanyPageOrganisation = (typeof COMPANY_PAGE_ORGANISATIONS)[number];

// spec 3: locales (spec 9)
export const LOCALES = ['en-US', 'de-DE', 'es-ES', 'ru-RU', 'pl-PL', 'ro-RO'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en-US';

// spec 3: roles
export const CHANNEL_ROLE_IDS = {
  admin: 1,
  editor: 2,
  'editor-limited': 3,
  'staff-access': 4,
  reader: 5,
} as const;
export const ORGANISATION_ROLE_IDS = { owner: 6, admin: 7, 'team-member': 8 } as const;
export type ChannelRole = keyof typeof CHANNEL_ROLE_IDS;
export type OrganisationRole = keyof typeof ORGANISATION_ROLE_IDS;
export const ROLES = [
  'admin',
  'editor',
  'editor-limited',
  'staff-access',
  'reader',
  'owner',
  'team-member',
] as const;
export type Role = (typeof ROLES)[number];
/** spec 2 Me page / spec 6: these roles get the admin-area link; others the plain web app. */
export const ADMIN_AREA_ROLES: readonly Role[] = ['staff-access', 'team-member', 'owner', 'admin', 'editor'];
/** spec 6: invite role choices. */
export const INVITE_ROLES = ['reader', 'editor-limited', 'editor', 'admin'] as const;

// spec 3: other enumerations
export const COPYRIGHT_STATUS = { unknown: 1, cc: 2, licensed: 3, sublicensed: 4 } as const;
export const TEASER_STYLES = [
  'standard',
  'small_with_text',
  'small_without_text',
  'big_without_text',
  'custom',
] as const;
export const DISABLED_TEASER_STYLES = ['custom'] as const;
export const EMBED_TYPES = ['CARD', 'MIX', 'NEWS_FEED'] as const;
export const KEY_TYPES = ['default', 'custom'] as const;
export const EXPIRATIONS = ['week', 'month', 'threeMonths', 'forever'] as const;
export const STORY_COMMENT_HIGHLIGHTS = ['first', 'most-likeable', 'manual'] as const;
export const CHANNEL_SORT_KEYS = ['creator', 'name', 'role', 'organisation', 'created', 'updated'] as const;
export const ORGANISATION_SORT_KEYS = ['name', 'users', 'channels', 'created'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export const BOARDING_METHODS = ['email', 'companyId'] as const;
export type BoardingMethod = (typeof BOARDING_METHODS)[number];
export const SOCIAL_NETWORKS = [
  'facebook',
  'instagram',
  'youtube',
  'linkedin',
  'tiktok',
  'twitter',
  'snapchat',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const IMAGE_TEMPLATES = ['profile', 'profile-file'] as const;

// spec 3: chat constants (data only)
export const CHAT = {
  accessTypes: ['publicRead', 'publicWrite', 'private', 'banned'],
  chatTypes: ['group', 'p2p', 'broadcast'],
  memberAccess: ['admin', 'banned', 'r', 'rw'],
  messageTypes: ['text', 'info', 'attachment', 'post', 'delete'],
  serviceActions: [
    'create',
    'change',
    'remove',
    'join',
    'leave',
    'changeUsersAccess',
    'changeUsersAccessBanned',
    'readReceiptChange',
    'removeFromOrganisation',
    'sharedContentPosted',
  ],
  reactions: ['angry', 'sad', 'wow', 'haha', 'like', 'love'],
  levels: ['channel', 'organisation'],
  tabs: ['You follow', 'Broadcast', 'Direct chats', 'Public chats'],
  updatableFields: [
    'name',
    'accessType',
    'payload',
    'storyId',
    'itemId',
    'level',
    'isDefault',
    'isHiddenFromPublic',
  ],
  historyLength: 30,
  unreadHistory: 100,
  userNameTruncate: 20,
} as const;

// spec 9: other limits (data only; the account site does not use them yet)
export const OTHER_LIMITS = {
  limitPage: 10,
  limitOnSuccess: 10,
  commentOffsets: [4, 0],
  commentLimitContent: 10,
  commentLimitOffset: 10,
  replyLimit: 2,
  initialCommentLimit: 5,
  mixFetchLastOptions: [0, 2, 5, 10, 15, 20, 50, 75, 100],
  mixFetchLastDefault: 0,
  columnWidths: { big: 11, small: 8, pushNote: 8 },
} as const;

// spec 9: file extensions
export const FILE_EXTENSIONS = {
  audio: ['alaw', 'wav', 'aiff', 'mp3', 'aac', 'ogg', 'flac', 'alac', 'wmalossless', 'wmav2'],
  video: ['mp4', 'avi', 'mov', '3gp', 'flv', 'swf', 'matroska', 'webm'],
  streaming: ['m3u8', 'm3u'],
  document: ['pdf'],
} as const;

/**
 * Letters that Unicode decomposition (NFKD) does not split into an ASCII letter and a mark, written the way they
 * are usually spelt in ASCII (docs/decisions/product.md: one subdomain normalisation).
 */
const ASCII_SPELLINGS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ł: 'l',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
};
const SPELT_LETTERS = new RegExp(`[${Object.keys(ASCII_SPELLINGS).join('')}]`, 'g');

/** Lower case, with accented letters folded to ASCII ('Müller' -> 'muller', 'Straße' -> 'strasse'). */
export const foldToAscii = (text: string): string =>
  text
    .toLowerCase()
    .replace(SPELT_LETTERS, (letter) => ASCII_SPELLINGS[letter] ?? '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '');

/**
 * spec 5: organisation subdomain normalisation removes dashes, underscores and spaces; letters are folded to
 * ASCII and anything else a subdomain cannot hold is dropped too (docs/decisions/product.md: one subdomain normalisation).
 */
export const normaliseOrganisationSubdomain = (name: string): string =>
  foldToAscii(name).replace(/[^a-z0-9]/g, '');
/** spec 5: channel subdomain normalisation removes underscores and spaces (and, as above, folds and drops). */
export const normaliseChannelSubdomain = (name: string): string =>
  foldToAscii(name).replace(/[^a-z0-9-]/g, '');

/**
 * The subdomain a name suggests: normalised, cut to the limit, with no dash at either end, so that it always
 * satisfies the subdomain rule unless the name has fewer than the minimum of usable characters.
 */
export const suggestedSubdomain = (kind: 'channel' | 'organisation', name: string): string => {
  const normalised =
    kind === 'channel' ? normaliseChannelSubdomain(name) : normaliseOrganisationSubdomain(name);
  const max = kind === 'channel' ? CHANNEL_SUBDOMAIN_MAX : ORGANISATION_SUBDOMAIN_MAX;
  const trimDashes = (value: string) => value.replace(/^-+|-+$/g, '');
  return trimDashes(trimDashes(normalised).slice(0, max));
};

// Added by the contract (not in the spec): ceilings so no field is unbounded.
/** Profile social links: a URL ceiling. */
export const LINK_MAX = 2048;
/** Profile phone: at least this many digits (spec 5 only names the server code string.phonenumber). */
export const PHONE_MIN_DIGITS = 5;
/** Profile image upload ceiling (the spec's 500 MB media limit is for videos, not avatars). */
export const PROFILE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PROFILE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
/**
 * The largest picture the browser agrees to shrink before uploading (a phone photo is 3-15 MB; the square it
 * becomes is far under PROFILE_IMAGE_MAX_BYTES). Larger files are refused before they are read.
 */
export const PROFILE_IMAGE_SOURCE_MAX_BYTES = 40 * 1024 * 1024;
/** Time-out of every call but translation (TRANSLATION_TIMEOUT_MS) and image upload. */
export const API_TIMEOUT_MS = 10_000;
/** A profile image of PROFILE_IMAGE_MAX_BYTES on a slow line needs longer than a JSON call. */
export const UPLOAD_TIMEOUT_MS = 60_000;
