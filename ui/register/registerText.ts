import {
  CHANNEL_NAME_MIN,
  CHANNEL_SUBDOMAIN_MIN,
  SIGNUP_NAME_MIN,
  SIGNUP_PASSWORD_MIN,
} from '../../api/contract/limits';
import type { FieldRules } from '../form/fieldText';

/** spec 5 minimums the sign-up messages fill in ('Must be at least 5 characters.'). */
export const SIGN_UP_RULES: FieldRules = {
  channelName: { min: CHANNEL_NAME_MIN },
  channelSubdomain: { min: CHANNEL_SUBDOMAIN_MIN },
  screenName: { min: SIGNUP_NAME_MIN },
  password: { min: SIGNUP_PASSWORD_MIN },
};
