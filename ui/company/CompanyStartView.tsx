import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { COMPANY_ID_MAX, COMPANY_PAGE_STEPS, LAST_NAME_MAX } from '../../api/contract/limits';
import { COMPANY_PAGE_UNKNOWN_USER_MESSAGE } from '../../i18n/errorMessages';
import type { companyStartMachine } from '../../machines/companyStart/companyStart.machine';
import { resendChild } from '../../machines/resend/resend.selectors';
import { emailsDiffer } from '../../machines/startByCompanyId/startByCompanyId.rules';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { FormFrame } from '../components/FormFrame';
import { Stepper } from '../components/Stepper';
import { TextField } from '../components/TextField';
import { usePageTitle } from '../components/usePageTitle';
import { fieldText } from '../form/fieldText';
import { useFormFocus } from '../form/useFormFocus';
import { PendingElsewhere } from '../start/PendingElsewhere';
import { CheckYourEmail, EmailStepFields, STEP_FIELDS } from '../start/startSteps';
import { START_RULES } from '../start/startText';
import type { RenderStartLink } from '../start/types';
import type { TermsLinks } from '../terms/TermsField';

export type CompanyStartActorRef = ActorRefFrom<typeof companyStartMachine>;

export interface CompanyStartViewProps {
  actorRef: CompanyStartActorRef;
  /** Where an employee whose details are unknown can write (spec 8: a contact mail link). */
  contactEmail: string;
  termsLinks: TermsLinks;
  /** The way to log in ('This account has already been confirmed. You can log in.' must lead somewhere). */
  renderLink: RenderStartLink;
  /**
   * spec 2 Company-specific start pages: the branded welcome, given the page's own words for while the
   * organisation's branding is not there (ui/brand/BrandedWelcome.tsx); those words alone without it.
   */
  renderWelcome?: (fallback: ReactNode) => ReactNode;
}

const NAMES = { lit: 'LIT', unicef_for_every_child: 'UNICEF for every child' } as const;

/** spec 2 Company-specific start pages on screen: branded welcome, 2-dot stepper, two steps, success. */
export function CompanyStartView(props: CompanyStartViewProps) {
  const step = useSelector(props.actorRef, (s) =>
    s.hasTag('step:details') ? 1 : s.hasTag('step:email') ? 2 : s.hasTag('pendingElsewhere') ? 'pending' : 3,
  );
  const error = useSelector(props.actorRef, (s) => s.context.error);
  if (step === 'pending')
    return (
      <PendingElsewhere
        error={error}
        contactEmail={props.contactEmail}
        onBack={() => props.actorRef.send({ type: 'back' })}
        onStartOver={() => props.actorRef.send({ type: 'restart' })}
      />
    );
  if (step === 3) return <Registered actorRef={props.actorRef} />;
  return (
    <div>
      <Stepper step={step} steps={COMPANY_PAGE_STEPS} variant="dots" />
      {step === 1 ? <DetailsStep {...props} /> : <EmailStep {...props} />}
    </div>
  );
}

function useStep(actorRef: CompanyStartActorRef) {
  const context = useSelector(actorRef, (s) => s.context);
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  // Said apart from canSubmit: the e-mail step also refuses the submit under the device-terms dialog, where the
  // button is not busy (docs/decisions/conventions.md 'One form kit').
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const { rootRef, submit } = useFormFocus<HTMLDivElement>(actorRef, STEP_FIELDS);
  return { context, canSubmit, busy, rootRef, submit };
}

function DetailsStep({ actorRef, contactEmail, renderLink, renderWelcome }: CompanyStartViewProps) {
  const { i18n, t } = useLingui();
  const { context, canSubmit, busy, rootRef, submit } = useStep(actorRef);
  const name = NAMES[context.organisationSubdomain];
  usePageTitle(msg`Welcome to ${name}`);
  const unknown = context.error?.code === 'registration_company_id_unknown_company_id_error';
  return (
    <div ref={rootRef}>
      <FormFrame
        title={
          renderWelcome ? renderWelcome(<Trans>Welcome to {name}</Trans>) : <Trans>Welcome to {name}</Trans>
        }
        intro={<Trans>Sign up with your full name and your staff number.</Trans>}
        error={unknown ? undefined : context.error}
        canSubmit={canSubmit}
        busy={busy}
        submitLabel={<Trans>Next</Trans>}
        onSubmit={submit}
        after={<p>{renderLink('login', <Trans>Already have an account? Log in</Trans>)}</p>}
      >
        <TextField
          name="userLastName"
          label={t`Full name`}
          autoComplete="name"
          maxLength={LAST_NAME_MAX}
          value={context.userLastName}
          onValueChange={(value) => actorRef.send({ type: 'field.change', field: 'userLastName', value })}
          error={fieldText(i18n, 'userLastName', context, START_RULES)}
        />
        <TextField
          name="userCompanyId"
          label={t`Staff number`}
          autoComplete="off"
          maxLength={COMPANY_ID_MAX}
          value={context.userCompanyId}
          onValueChange={(value) => actorRef.send({ type: 'field.change', field: 'userCompanyId', value })}
          error={fieldText(i18n, 'userCompanyId', context, START_RULES)}
        />
        {unknown ? (
          <Alert tone="error">
            {i18n._(COMPANY_PAGE_UNKNOWN_USER_MESSAGE)}{' '}
            <a href={`mailto:${contactEmail}`}>
              <Trans>Contact us at {contactEmail}</Trans>
            </a>
          </Alert>
        ) : null}
      </FormFrame>
    </div>
  );
}

function EmailStep({ actorRef, termsLinks, renderLink }: CompanyStartViewProps) {
  usePageTitle(msg`Your e-mail address`);
  const { context, canSubmit, busy, rootRef, submit } = useStep(actorRef);
  const differ = emailsDiffer(context);
  return (
    <div ref={rootRef}>
      <FormFrame
        title={<Trans>Your e-mail address</Trans>}
        error={context.error}
        canSubmit={canSubmit}
        busy={busy}
        blocked={
          differ ? <Trans>Both e-mail addresses must be the same before you can sign up.</Trans> : undefined
        }
        submitLabel={<Trans>Sign up</Trans>}
        onSubmit={submit}
        after={
          <>
            <Button variant="link" onClick={() => actorRef.send({ type: 'back' })}>
              <Trans>Back</Trans>
            </Button>
            <p>{renderLink('login', <Trans>Already have an account? Log in</Trans>)}</p>
          </>
        }
      >
        <EmailStepFields
          context={context}
          termsLinks={termsLinks}
          onFieldChange={(field, value) => actorRef.send({ type: 'field.change', field, value })}
          onTermsChange={(checked) => actorRef.send({ type: 'terms.change', checked })}
        />
      </FormFrame>
    </div>
  );
}

/** The success message, a spam hint with 'Send again' (docs/decisions/product.md: Check your e-mail), and a restart. */
function Registered({ actorRef }: { actorRef: CompanyStartActorRef }) {
  const email = useSelector(actorRef, (s) => s.context.email.trim());
  const resend = useSelector(actorRef, resendChild);
  return (
    <CheckYourEmail resend={resend} onStartOver={() => actorRef.send({ type: 'restart' })}>
      <p>
        <Trans>We have sent a confirmation link to {email}.</Trans>
      </p>
      <p>
        <Trans>
          Once you have confirmed your address, we will send you the links to download the app and a link to
          set your personal password.
        </Trans>
      </p>
    </CheckYourEmail>
  );
}
