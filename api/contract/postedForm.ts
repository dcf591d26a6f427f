/**
 * A page's own form post (docs/decisions/product.md: Forms that work before their scripts): /login, the forgot-password
 * pages and the magic-link request are plain `<form method="post">` forms that the server answers with the page
 * itself when scripts have not run yet. The answer page carries what the server made of the post, as inert JSON,
 * so the browser's app starts from the very screen the server drew (the typed e-mail, the refusal under its field).
 */
/** The id of the page's inert JSON script that carries the answer (server/sitePage.ts, api/pagePosted.ts). */
export const PAGE_POSTED_ID = 'page-posted';

/**
 * The pages whose form the server answers (server/routes/formPosts.ts); their drawn first screen is live at once
 * (server/sitePage.ts), every other drawn page stays inert until the app runs it.
 */
export const FORM_POST_PATHS: readonly string[] = [
  '/login',
  '/forgot_password',
  '/forgot_password_magic',
  '/auth/forgot_password/nobrand',
  '/auth/forgot_password_magic/nobrand',
];

/**
 * What the server made of a form post: refused (the JSON API's own status and error body, read by api/errors.ts
 * like any answer), the mail sent, or (login) a second factor needed, which this page asks for with its scripts
 * only. `email` is what was typed, kept for the form; no password, code or secret is ever carried. A plain type:
 * the server writes it into its own page, so the browser takes it as it takes the page (api/pagePosted.ts checks
 * its shape only, which keeps /login's first load small).
 */
export interface PostedForm {
  email: string;
  outcome: 'refused' | 'sent' | 'codeNeeded';
  status?: number;
  body?: unknown;
}
