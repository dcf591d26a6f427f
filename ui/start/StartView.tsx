import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { COMPANY_ID_MAX, LAST_NAME_MAX, START_STEPS, START_SUBDOMAIN_MAX } from '../../api/contract/limits';
import { resendChild } from '../../machines/resend/resend.selectors';
import { emailsDiffer } from '../../machines/startByCompanyId/startByCompanyId.rules';
import { FormFrame } from '../components/FormFrame';
import { IconButton } from '../components/IconButton';
import { PencilIcon } from '../components/icons';
import { OrganisationWelcome, WELCOME_INTRO_CLASS } from '../components/OrganisationWelcome';
import { Stepper } from '../components/Stepper';
import { TextField } from '../components/TextField';
import { usePageTitle } from '../components/usePageTitle';
import { fieldText } from '../form/fieldText';
import { useFormFocus } from '../form/useFormFocus';
import type { TermsLinks } from '../terms/TermsField';
import { DeviceTermsModal } from './DeviceTermsModal';
import { PendingElsewhere } from './PendingElsewhere';
import { CheckYourEmail, EmailStepFields, STEP_FIELDS } from './startSteps';
import { START_RULES } from './startText';
import type { RenderStartLink, StartActorRef } from './types';
import './start.css';

export interface StartViewProps {
  actorRef: StartActorRef;
  renderLink: RenderStartLink;
  /** The site's own terms and privacy pages, for a link the organisation has no address of its own for. */
  termsLinks: TermsLinks;
  /** Where an employee whose registration waits at an address not theirs can write (PendingElsewhere). */
  contactEmail: string;
}

/**
 * spec 2 Start on screen: 'Step {step} of 3', one form per step (its heading takes the focus), the device-terms
 * modal over the e-mail step, then the success step.
 */
export function StartView({ actorRef, renderLink, termsLinks, contactEmail }: StartViewProps) {
  const step = useSelector(actorRef, (s) =>
    s.hasTag('step:subdomain')
      ? 0
      : s.hasTag('step:companyId')
        ? 1
        : s.hasTag('step:email')
          ? 2
          : s.hasTag('pendingElsewhere')
            ? 'pending'
            : 3,
  );
  const error = useSelector(actorRef, (s) => s.context.error);
  if (step === 'pending')
    return (
      <PendingElsewhere
        error={error}
        contactEmail={contactEmail}
        onBack={() => actorRef.send({ type: 'back' })}
        onStartOver={() => actorRef.send({ type: 'reset', clear: true })}
      />
    );
  if (step === 3) return <Registered actorRef={actorRef} />;
  return (
    <div>
      {step > 0 ? <FoundOrganisation actorRef={actorRef} /> : null}
      <Stepper step={step + 1} steps={START_STEPS} />
      {step === 0 ? <SubdomainStep actorRef={actorRef} renderLink={renderLink} /> : null}
      {step === 1 ? <CompanyIdStep actorRef={actorRef} renderLink={renderLink} /> : null}
      {step === 2 ? <EmailStep actorRef={actorRef} renderLink={renderLink} termsLinks={termsLinks} /> : null}
    </div>
  );
}

/** spec 2 Register: 'Welcome to {name}' with its logo, once the organisation is found (steps 1 and 2). */
function FoundOrganisation({ actorRef }: { actorRef: StartViewProps['actorRef'] }) {
  const brand = useSelector(actorRef, (s) => s.context.organisationBrand);
  return brand ? (
    <p className={WELCOME_INTRO_CLASS}>
      <OrganisationWelcome brand={brand} />
    </p>
  ) : null;
}

/** The state every step reads: its fields, errors, and whether the call is in flight. */
function useStep(actorRef: StartActorRef) {
  const context = useSelector(actorRef, (s) => s.context);
  const canSubmit = useSelector(actorRef, (s) => s.can({ type: 'form.submit' }));
  // Said apart from canSubmit: the e-mail step also refuses the submit under the device-terms dialog, where the
  // button is not busy (docs/decisions/conventions.md 'One form kit').
  const busy = useSelector(actorRef, (s) => s.hasTag('busy'));
  const { rootRef, submit } = useFormFocus<HTMLDivElement>(actorRef, STEP_FIELDS);
  return { context, canSubmit, busy, rootRef, submit };
}

const change =
  (
    actorRef: StartActorRef,
    field: 'organisationSubdomain' | 'userLastName' | 'userCompanyId' | 'email' | 'confirmEmail',
  ) =>
  (value: string) =>
    actorRef.send({ type: 'field.change', field, value });

function SubdomainStep({ actorRef, renderLink }: Omit<StartViewProps, 'termsLinks' | 'contactEmail'>) {
  usePageTitle(msg`Sign up with your company ID`);
  const { i18n, t } = useLingui();
  const { context, canSubmit, busy, rootRef, submit } = useStep(actorRef);
  return (
    <div ref={rootRef}>
      <FormFrame
        title={<Trans>Sign up with your company ID</Trans>}
        intro={<Trans>Enter the name your organisation uses on the platform.</Trans>}
        error={context.error}
        canSubmit={canSubmit}
        busy={busy}
        submitLabel={<Trans>Next</Trans>}
        onSubmit={submit}
        after={<p>{renderLink('login', <Trans>Already have an account? Log in</Trans>)}</p>}
      >
        <TextField
          name="organisationSubdomain"
          label={t`Organisation`}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={START_SUBDOMAIN_MAX}
          value={context.organisationSubdomain}
          onValueChange={change(actorRef, 'organisationSubdomain')}
          error={fieldText(i18n, 'organisationSubdomain', context, START_RULES)}
        />
      </FormFrame>
    </div>
  );
}

function Summary({
  children,
  editLabel,
  onEdit,
}: {
  children: ReactNode;
  editLabel: string;
  onEdit: () => void;
}) {
  return (
    // Spans: the summaries sit in the frame's intro paragraph.
    <span className="start-summary">
      <span className="start-summary__text">{children}</span>
      <IconButton label={editLabel} icon={<PencilIcon />} onClick={onEdit} />
    </span>
  );
}

function CompanyIdStep({ actorRef, renderLink }: Omit<StartViewProps, 'termsLinks' | 'contactEmail'>) {
  usePageTitle(msg`Who are you?`);
  const { i18n, t } = useLingui();
  const { context, canSubmit, busy, rootRef, submit } = useStep(actorRef);
  // The organisation's own name once a check found it (not what was typed: 'Papier_Union' is Papier Union).
  const organisation = context.organisationBrand?.name ?? context.organisationSubdomain.trim();
  return (
    <div ref={rootRef}>
      <FormFrame
        title={<Trans>Who are you?</Trans>}
        intro={
          <Summary editLabel={t`Change organisation`} onEdit={() => actorRef.send({ type: 'back' })}>
            <Trans>Organisation: {organisation}</Trans>
          </Summary>
        }
        error={context.error}
        canSubmit={canSubmit}
        busy={busy}
        submitLabel={<Trans>Next</Trans>}
        onSubmit={submit}
        after={<p>{renderLink('login', <Trans>Already have an account? Log in</Trans>)}</p>}
      >
        <TextField
          name="userLastName"
          label={t`Last name`}
          autoComplete="family-name"
          maxLength={LAST_NAME_MAX}
          value={context.userLastName}
          onValueChange={change(actorRef, 'userLastName')}
          error={fieldText(i18n, 'userLastName', context, START_RULES)}
        />
        <TextField
          name="userCompanyId"
          label={t`Company ID`}
          autoComplete="off"
          spellCheck={false}
          maxLength={COMPANY_ID_MAX}
          value={context.userCompanyId}
          onValueChange={change(actorRef, 'userCompanyId')}
          error={fieldText(i18n, 'userCompanyId', context, START_RULES)}
        />
      </FormFrame>
    </div>
  );
}

function EmailStep({ actorRef, renderLink, termsLinks }: Omit<StartViewProps, 'contactEmail'>) {
  usePageTitle(msg`Your e-mail address`);
  const { t } = useLingui();
  const { context, canSubmit, busy, rootRef, submit } = useStep(actorRef);
  const deviceTerms = useSelector(actorRef, (s) => s.matches('deviceTerms'));
  const differ = emailsDiffer(context);
  // The organisation's own name once a check found it (not what was typed: 'Papier_Union' is Papier Union).
  const organisation = context.organisationBrand?.name ?? context.organisationSubdomain.trim();
  const lastName = context.userLastName.trim();
  const companyId = context.userCompanyId.trim();
  return (
    <div ref={rootRef}>
      <FormFrame
        title={<Trans>Your e-mail address</Trans>}
        intro={
          <>
            <Summary
              editLabel={t`Change organisation`}
              onEdit={() => actorRef.send({ type: 'step.force', step: 0 })}
            >
              <Trans>Organisation: {organisation}</Trans>
            </Summary>
            <Summary
              editLabel={t`Change last name and company ID`}
              onEdit={() => actorRef.send({ type: 'back' })}
            >
              <Trans>
                {lastName}, company ID {companyId}
              </Trans>
            </Summary>
          </>
        }
        error={context.error}
        canSubmit={canSubmit}
        busy={busy}
        blocked={
          differ ? <Trans>Both e-mail addresses must be the same before you can sign up.</Trans> : undefined
        }
        submitLabel={<Trans>Sign up</Trans>}
        onSubmit={submit}
        after={<p>{renderLink('login', <Trans>Already have an account? Log in</Trans>)}</p>}
      >
        <EmailStepFields
          context={context}
          termsLinks={termsLinks}
          onFieldChange={(field, value) => actorRef.send({ type: 'field.change', field, value })}
          onTermsChange={(checked) => actorRef.send({ type: 'terms.change', checked })}
        />
      </FormFrame>
      <DeviceTermsModal
        open={deviceTerms}
        onBack={() => actorRef.send({ type: 'deviceTerms.back' })}
        onConfirm={() => actorRef.send({ type: 'deviceTerms.confirm' })}
      />
    </div>
  );
}

/**
 * spec 2 Start: the success step, a spam hint with 'Send again' (docs/decisions/product.md: Check your e-mail), and a way
 * to start over that clears the stored data.
 */
function Registered({ actorRef }: { actorRef: StartActorRef }) {
  const email = useSelector(actorRef, (s) => s.context.email.trim());
  const resend = useSelector(actorRef, resendChild);
  return (
    <CheckYourEmail resend={resend} onStartOver={() => actorRef.send({ type: 'reset', clear: true })}>
      <p>
        <Trans>We have sent a confirmation link to {email}. Open it to finish signing up.</Trans>
      </p>
    </CheckYourEmail>
  );
}
