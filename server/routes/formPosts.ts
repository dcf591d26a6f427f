/**
 * The answers to the pages' own form posts (docs/decisions/product.md: Forms that work before their scripts): /login,
 * the two forgot-password pages (and their no-brand twins) post `application/x-www-form-urlencoded` to their own
 * address when their scripts have not run yet, as Keycloak's and Kratos's browser flows do. Each post is read into
 * the JSON call's wire shape and checked by the same schema, and runs the same service code under the same rate
 * limits and lockout (server/routes/auth.ts loginService, server/routes/passwords.ts sendRecoveryMail). The answer
 * is a page: a login without second factor starts the session and goes on to /me (303); otherwise the same page
 * drawn again (server/sitePage.ts) with the typed e-mail and the refusal under its field, the mail's confirmation,
 * or (a second factor is needed) the e-mail kept and a word that the code step needs the page's scripts.
 *
 * A form post carries no custom header and no JSON content type, so the JSON API's defences do not hold here: a
 * post is taken only from this site's own pages (docs/decisions/security.md: Form posts from the site's own pages).
 */
import type { Context } from 'hono';
import {
  ForgotPasswordRequestWire,
  LoginRequestWire,
  toForgotPasswordRequestWire,
  toLoginRequestWire,
} from '../../api/contract/auth';
import { USER_LIMITS } from '../../api/contract/limits';
import { FORM_POST_PATHS, type PostedForm } from '../../api/contract/postedForm';
import type { AppDeps, AppEnv } from '../deps';
import { boundedText } from '../http/boundedText';
import { ApiProblem } from '../http/problem';
import { isOwnFormPost } from '../http/sameOrigin';
import { parseWith } from '../http/validate';
import { rateLimit } from '../rateLimit';
import { loginService } from './auth';
import { sendRecoveryMail } from './passwords';

/** The page answer: the path's page drawn with what the server made of the post. */
export type AnswerPage = (posted: PostedForm, status: number) => Promise<Response>;

/** Answers a form post to one of FORM_POST_PATHS; `answerPage` draws the page. */
export type FormPostAnswers = (c: Context<AppEnv>, answerPage: AnswerPage) => Promise<Response>;

/** A form body is a few short fields; anything larger is not this site's form. */
export const FORM_BODY_LIMIT_BYTES = 8 * 1024;

const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded[ \t]*(;.*)?$/i;

/** Where a login that needs no second factor goes (spec 2 Login: /me by default). */
const AFTER_LOGIN = '/me';

/** The login refusals that mean 'a second factor is needed', which the drawn page cannot ask for itself. */
const CODE_NEEDED = new Set(['auth_otp_code_is_required_error', 'two_factor_auth_is_not_setup_error']);

const MAGIC_LINK_PATHS = new Set(['/forgot_password_magic', '/auth/forgot_password_magic/nobrand']);

export const isFormPostPath = (path: string): boolean => FORM_POST_PATHS.includes(path);

/** The form's text fields by name (the last of a repeated name); null for a body too large for these forms. */
const formFields = async (c: Context<AppEnv>): Promise<Record<string, string> | null> => {
  if (Number(c.req.header('content-length') ?? 0) > FORM_BODY_LIMIT_BYTES) return null;
  const text = await boundedText(c.req.raw.body, FORM_BODY_LIMIT_BYTES);
  if (text === null) return null;
  return Object.fromEntries(new URLSearchParams(text));
};

export const formPostAnswers = (deps: AppDeps): FormPostAnswers => {
  const { logIn } = loginService(deps);
  const forgotLimit = rateLimit(deps.rateLimiter, 'forgotPassword', deps.config.trustProxy);
  return async (c, answerPage) => {
    if (!isOwnFormPost(c, deps.config)) return c.text('This form can only be sent from its own page.', 403);
    if (!FORM_MEDIA_TYPE.test(c.req.header('content-type') ?? '')) return c.text('Unsupported form.', 415);
    const fields = await formFields(c);
    if (!fields) return c.text('The form is too large.', 413);
    // Kept for the form drawn again: what was typed, never longer than the field takes.
    const email = (fields.email ?? '').slice(0, USER_LIMITS.email);
    const refused = (problem: ApiProblem) => {
      for (const [name, value] of Object.entries(problem.headers)) c.header(name, value);
      return answerPage(
        { email, outcome: 'refused', status: problem.status, body: problem.body },
        problem.status,
      );
    };
    try {
      if (c.req.path === '/login') {
        await logIn(c, async () =>
          parseWith(LoginRequestWire, toLoginRequestWire({ email, password: fields.password ?? '' })),
        );
        return c.redirect(AFTER_LOGIN, 303);
      }
      const body = parseWith(
        ForgotPasswordRequestWire,
        toForgotPasswordRequestWire({ email, magicLink: MAGIC_LINK_PATHS.has(c.req.path) }),
      );
      // The JSON call's own limit, counted the same way (rateLimit.ts buckets are shared by name).
      await forgotLimit(c, async () => {
        await sendRecoveryMail(deps, c, body);
      });
      return answerPage({ email, outcome: 'sent' }, 200);
    } catch (error) {
      if (!(error instanceof ApiProblem)) throw error;
      const code = error.body.code;
      // The setup payload (a secret) never goes into the page: the code step is the scripts' (the decision above).
      if (typeof code === 'string' && CODE_NEEDED.has(code))
        return answerPage({ email, outcome: 'codeNeeded' }, 200);
      return refused(error);
    }
  };
};
