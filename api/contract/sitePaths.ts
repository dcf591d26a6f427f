/**
 * The site's paths, which the site's router and the server that serves the site both need: in the contract, so that
 * the server reads them without importing the site.
 *
 * Every path the site's router has (spec 2, plus /, /me and /logout): the server answers these with the page and
 * 200, any other path with the same page and 404, whose router then shows its not-found page
 * (server/site.ts). routes/router.test.tsx holds this list to the router's own tree, so they cannot drift.
 */
export const SITE_PATHS: readonly string[] = [
  '/',
  '/login',
  '/logout',
  '/me',
  '/me/security',
  '/me/lists',
  '/forgot_password',
  '/forgot_password_magic',
  '/forgot_password_set',
  '/register',
  '/start',
  '/confirm',
  '/confirm_email_change',
  '/undo_email_change',
  '/auth/azure/success',
  '/auth/azure/error',
  '/auth/okta/success',
  '/auth/okta/error',
  '/auth/forgot_password/nobrand',
  '/auth/forgot_password_magic/nobrand',
  '/lit',
  '/unicef',
  '/privacy',
  '/terms-of-service',
];

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** A router path of the site, with or without a trailing slash (the router takes both). */
export const isSitePath = (path: string): boolean => SITE_PATHS.includes(withoutTrailingSlash(path));

/**
 * The no-brand pages, which other products of the platform open in their own frame (docs/decisions/product.md 'No dead
 * ends, and the no-brand pages'): the only pages the server lets the platform frame (server/site.ts).
 */
export const FRAMABLE_PATHS: readonly string[] = [
  '/auth/forgot_password/nobrand',
  '/auth/forgot_password_magic/nobrand',
];

export const isFramablePath = (path: string): boolean => FRAMABLE_PATHS.includes(withoutTrailingSlash(path));

/**
 * The flow explorer's pages (routes/flowsRoutes.tsx): only in a build that has it (routes/site/flowsEnabled.ts), which
 * then writes FLOWS_MARKER beside index.html so that the server answers them with 200 (server/site.ts).
 */
export const FLOWS_PATHS: readonly string[] = [
  '/flows',
  '/flows/overview',
  '/flows/components',
  '/flows/spec',
  '/flows/decisions',
];
export const FLOWS_MARKER = 'flows.txt';

/** /flows or /flows/<machine> (the machine's existence is the page's to judge). */
export const isFlowsPath = (path: string): boolean => /^\/flows(\/[A-Za-z0-9]+)?\/*$/.test(path);

/**
 * The public pages whose first screen the server draws into the page (routes/firstScreen.tsx): the same for every
 * visitor when the address has no search. Not /, /me, /logout (they depend on the session: /me is drawn for a
 * signed-in visitor only, SIGNED_IN_FIRST_SCREEN_PATHS), not
 * /forgot_password_set (its token), not the identity providers' returns, not /start, /lit, /unicef (they show what
 * this browser stored of a sign-up begun earlier, routes/carried/startStorage.ts).
 */
export const FIRST_SCREEN_PATHS: readonly string[] = [
  '/login',
  '/forgot_password',
  '/forgot_password_magic',
  '/register',
  '/confirm',
  '/auth/forgot_password/nobrand',
  '/auth/forgot_password_magic/nobrand',
  '/privacy',
  '/terms-of-service',
];

/**
 * The pages whose first screen the server draws for a signed-in visitor only, from the session the request carries
 * (server/sitePage.ts, routes/firstScreen.tsx): never cached, never shared. Without a session they are sent as
 * before, and the app sends the visitor to /login.
 */
export const SIGNED_IN_FIRST_SCREEN_PATHS: readonly string[] = ['/me', '/me/security', '/me/lists'];
