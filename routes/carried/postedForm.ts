import type { ApiFailure } from '../../api/contract/errorCodes';
import type { PostedForm } from '../../api/contract/postedForm';
import { failureOfAnswer } from '../../api/errors';

/** What a form's route starts from when its page answers the form's own post (api/contract/postedForm.ts). */
export interface PostedStart {
  email: string;
  /** The refusal, read as any answer of the JSON call is (api/errors.ts). */
  refused?: ApiFailure;
  /** The mail went out. */
  sent: boolean;
  /** A second factor is needed, which this page asks for with its scripts only. */
  codeNeeded: boolean;
}

/**
 * The server's answer to the page's own form post (router context `posted`, docs/decisions/product.md: Forms that work
 * before their scripts), for the form's route; undefined when the page answers none.
 */
export function postedTo(posted: { form?: PostedForm }): PostedStart | undefined {
  const form = posted.form;
  if (!form) return undefined;
  return {
    email: form.email,
    ...(form.outcome === 'refused' ? { refused: failureOfAnswer(form.status ?? 500, form.body) } : {}),
    sent: form.outcome === 'sent',
    codeNeeded: form.outcome === 'codeNeeded',
  };
}
