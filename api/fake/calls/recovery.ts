/**
 * The recovery review in the fake (docs/decisions/security.md: Recovery review): a reset answers a review token
 * (`review-<n>`), which shows the account's passkeys (a suspended flag the fake keeps on each), its authenticator
 * app and recovery codes, until it is finished. The fake records no browser nor session, so nothing is suspended on
 * its own and the authenticator app is never removable here: for trying the screens, not a model of the server's rules
 * (server/routes/recoveryReview.ts).
 */
import {
  RecoveryPasskeyRequestWire,
  RecoveryReviewRequestWire,
  type RecoveryReviewWire,
} from '../../contract';
import type { FakeCall, FakeResolvers } from '../context';
import { failWithCode, json, ok, parse } from '../reply';
import { emailKey, type FakeStore, type FakeUser } from '../store';

/** Issues a review token for the user (the fake's reset answers it). */
export const issueReviewToken = (store: FakeStore, user: FakeUser): string => {
  const token = `review-${store.newId()}`;
  store.state.security.reviewTokens = [
    ...(store.state.security.reviewTokens ?? []),
    { token, email: user.email },
  ];
  return token;
};

const reviewer = (call: FakeCall, token: string): FakeUser => {
  const link = call.store.state.security.reviewTokens?.find((row) => row.token === token);
  const user = link && call.store.userByEmail(link.email);
  if (!user) throw failWithCode(404, 'recovery_review_token_invalid_error');
  return user;
};

const ownPasskeys = (call: FakeCall, user: FakeUser) =>
  (call.store.state.security.passkeys ?? []).filter((row) => emailKey(row.email) === emailKey(user.email));

const reviewOf = (call: FakeCall, user: FakeUser): Response => {
  const answer: RecoveryReviewWire = {
    passkeys: ownPasskeys(call, user).map((row) => ({
      id: row.id,
      name: row.name,
      createdAt: row.createdAt,
      lastUsedAt: row.lastUsedAt,
      addedFrom: null,
      suspended: row.suspended ?? false,
    })),
    authenticator: user.twoFactorEnabled ? { since: null, addedFrom: null, removable: false } : null,
    recoveryCodes: null,
  };
  return json(answer);
};

const passkeyOf = (call: FakeCall) => {
  const { token, id } = parse(RecoveryPasskeyRequestWire, call.body);
  const user = reviewer(call, token);
  const found = ownPasskeys(call, user).find((row) => row.id === id);
  if (!found) throw failWithCode(404, 'passkey_not_found_error');
  return { user, found };
};

export const recoveryResolvers: FakeResolvers<
  | 'getRecoveryReview'
  | 'keepRecoveryPasskey'
  | 'removeRecoveryPasskey'
  | 'removeRecoveryAuthenticator'
  | 'finishRecoveryReview'
> = {
  getRecoveryReview: (call) => {
    const { token } = parse(RecoveryReviewRequestWire, call.body);
    return reviewOf(call, reviewer(call, token));
  },

  keepRecoveryPasskey: (call) => {
    const { user, found } = passkeyOf(call);
    found.suspended = false;
    return reviewOf(call, user);
  },

  removeRecoveryPasskey: (call) => {
    const { user, found } = passkeyOf(call);
    call.store.state.security.passkeys = (call.store.state.security.passkeys ?? []).filter(
      (row) => row !== found,
    );
    return reviewOf(call, user);
  },

  removeRecoveryAuthenticator: (call) => {
    const { token } = parse(RecoveryReviewRequestWire, call.body);
    reviewer(call, token);
    throw failWithCode(403, 'forbidden_error');
  },

  finishRecoveryReview: (call) => {
    const { token } = parse(RecoveryReviewRequestWire, call.body);
    reviewer(call, token);
    call.store.state.security.reviewTokens = (call.store.state.security.reviewTokens ?? []).filter(
      (row) => row.token !== token,
    );
    return ok();
  },
};
