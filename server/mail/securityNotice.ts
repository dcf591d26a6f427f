/**
 * Security notices (docs/decisions.md: Security notices): one mail per security change, in the language the change
 * was made in (the request's Accept-Language: the recipient made it, or should know who did), telling what changed,
 * when, from which browser, and with a link for what to do if it was not them. Counted per recipient like every
 * mail (recipientLimit.ts), so nobody can flood a mailbox with notices.
 */
import type { Context } from 'hono';
import type { AppDeps } from '../deps';
import { deviceLine } from '../userAgent';
import { requestLocale } from './locale';
import { mayMail } from './recipientLimit';
import { sendMail } from './send';
import type { MailTemplateVars } from './templates';

type NoticeTemplate = 'passwordChanged' | 'emailChanged' | 'accountDeleted';

/** "2026-01-15 09:00 UTC": one unambiguous form in every language. */
export const noticeTime = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export const sendSecurityNotice = async <T extends NoticeTemplate>(
  c: Context,
  deps: AppDeps,
  to: string,
  template: T,
  vars: Omit<MailTemplateVars[T], 'when' | 'browser'>,
): Promise<void> => {
  if (!(await mayMail(deps, 'securityNotice', to))) return;
  const full = {
    ...vars,
    when: noticeTime(deps.clock.now()),
    browser: deviceLine(c.req.header('user-agent') ?? null),
  } as MailTemplateVars[T];
  await sendMail(deps, to, template, full, requestLocale(c));
};
