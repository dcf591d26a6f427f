/** The curatorSignUp machine's types (context, events, input); its rules are in curatorSignUp.rules.ts. */
import type { FollowedSubdomain } from '../../api/contract/subdomain';
import type { Refusal } from '../form/refusal';

export type CuratorField = 'channelName' | 'channelSubdomain' | 'screenName' | 'email' | 'password';
export type CuratorFieldErrors = Partial<Record<CuratorField | 'terms', string>>;

export interface CuratorSignUpContext {
  channelName: string;
  /** spec 5: follows the normalised channel name until the user types into it. */
  subdomain: FollowedSubdomain;
  /** spec 2: the pencil toggle; open shows the subdomain as a field, closed as the preview only. */
  subdomainOpen: boolean;
  screenName: string;
  email: string;
  password: string;
  terms: boolean;
  /** spec 5 validation codes or spec 8 codes under their fields. */
  fieldErrors: CuratorFieldErrors;
  /** A refusal shown as a form error (rate limits, unknown errors); every typed value is kept. */
  error: Refusal | undefined;
}

export type CuratorSignUpEvent =
  | { type: 'field.change'; field: CuratorField; value: string }
  | { type: 'terms.change'; checked: boolean }
  | { type: 'subdomain.toggle' }
  | { type: 'form.submit' };
