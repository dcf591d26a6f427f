import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useRef } from 'react';
import { USER_LIMITS } from '../../api/contract/limits';
import type { ResendActorRef } from '../../machines/resend/resend.selectors';
import { emailsDiffer } from '../../machines/startByCompanyId/startByCompanyId.rules';
import type { StartContext } from '../../machines/startByCompanyId/startByCompanyId.types';
import { Button } from '../components/Button';
import { TextField } from '../components/TextField';
import { usePageTitle } from '../components/usePageTitle';
import { fieldText } from '../form/fieldText';
import { ResendPart } from '../form/ResendPart';
import { useHeadingFocus } from '../form/useHeadingFocus';
import { TermsField, type TermsLinks } from '../terms/TermsField';
import { START_RULES } from './startText';

/**
 * What the sign-up by company id (spec 2 Start) and the company-specific start pages (spec 2 Company-specific start
 * pages) show alike: the step behaviour, the e-mail step's fields and the 'Check your e-mail' end.
 */

/** The fields of every step, in form order: a submit the form's own check refused focuses the first in error. */
export const STEP_FIELDS = [
  'organisationSubdomain',
  'userLastName',
  'userCompanyId',
  'email',
  'confirmEmail',
  'terms',
] as const;

type EmailStepContext = Pick<
  StartContext,
  'email' | 'confirmEmail' | 'terms' | 'organisationTerms' | 'fieldErrors' | 'error'
>;

/**
 * spec 2 Start step 2 (and the company pages' step 2): e-mail, its confirmation ('Email should be equal'), and the
 * terms checkbox of the organisation, as the check that found it answered.
 */
export function EmailStepFields({
  context,
  termsLinks,
  onFieldChange,
  onTermsChange,
}: {
  context: EmailStepContext;
  termsLinks: TermsLinks;
  onFieldChange: (field: 'email' | 'confirmEmail', value: string) => void;
  onTermsChange: (checked: boolean) => void;
}) {
  const { i18n, t } = useLingui();
  const confirmError = emailsDiffer(context)
    ? t`Email should be equal`
    : fieldText(i18n, 'confirmEmail', context, START_RULES);
  const emailProps = {
    type: 'email',
    autoComplete: 'email',
    autoCapitalize: 'none',
    spellCheck: false,
    inputMode: 'email',
    maxLength: USER_LIMITS.email,
  } as const;
  return (
    <>
      <TextField
        name="email"
        label={t`E-mail`}
        {...emailProps}
        value={context.email}
        onValueChange={(value) => onFieldChange('email', value)}
        error={fieldText(i18n, 'email', context, START_RULES)}
      />
      <TextField
        name="confirmEmail"
        label={t`Confirm e-mail`}
        {...emailProps}
        value={context.confirmEmail}
        onValueChange={(value) => onFieldChange('confirmEmail', value)}
        error={confirmError}
      />
      <TermsField
        terms={context.organisationTerms}
        defaultLinks={termsLinks}
        checked={context.terms}
        onChange={onTermsChange}
        error={context.fieldErrors.terms ? t`Please accept the terms to continue.` : undefined}
      />
    </>
  );
}

/**
 * The end of both sign-ups: where the link went, what follows it, a spam hint with 'Send again' after a visible
 * wait (docs/decisions/product.md: Check your e-mail), and a way to start over.
 */
export function CheckYourEmail({
  children,
  resend,
  onStartOver,
}: {
  /** Where the link went and what happens once the link is opened, which differs between the two pages. */
  children: ReactNode;
  /** The end step's 'Send again' child (machines/resend), shown by the kit's one part. */
  resend: ResendActorRef | undefined;
  onStartOver: () => void;
}) {
  usePageTitle(msg`Check your e-mail`);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useHeadingFocus(headingRef);
  return (
    <section className="form-frame">
      <h1 ref={headingRef} tabIndex={-1}>
        <Trans>Check your e-mail</Trans>
      </h1>
      {children}
      {resend ? <ResendPart actorRef={resend} /> : null}
      <div className="form-frame__after">
        <Button variant="link" onClick={onStartOver}>
          <Trans>Start over</Trans>
        </Button>
      </div>
    </section>
  );
}
