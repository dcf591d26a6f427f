import { SCREEN_NAME_MIN, USER_LIMITS } from '../../api/contract/limits';
import type { FieldRules } from '../form/fieldText';

/** spec 5: the limit each profile field is held to (the contract's numbers), for its message. */
export const PROFILE_RULES: FieldRules = {
  screenName: { min: SCREEN_NAME_MIN, max: USER_LIMITS.screenName },
  phone: { max: USER_LIMITS.phone },
  bio: { max: USER_LIMITS.bio },
  position: { max: USER_LIMITS.position },
  department: { max: USER_LIMITS.department },
  location: { max: USER_LIMITS.address },
};
