import { afterAll, beforeAll, describe, it } from 'vitest';
import { API_PATHS } from '../api/contract/paths';
import { DEV_MAILBOX_PATH } from './routes/dev';
import { signedInUser } from './test/fixtures';
import { type FuzzEndpoint, fuzzEndpoint } from './test/fuzz';
import { createTestApp, type TestApp } from './test/testApp';

/** The endpoints of server/routes/{auth,passwords,me,twoFactor,dev}.ts. */
const ENDPOINTS: FuzzEndpoint[] = [
  { ...API_PATHS.login, fields: ['email', 'pwd', 'otp', 'recoveryOtp'] },
  { ...API_PATHS.logout },
  { ...API_PATHS.exchangeMagicLink, fields: ['token'] },
  { ...API_PATHS.forgotPassword, fields: ['email', 'generateMagicLink'] },
  { ...API_PATHS.checkResetToken, fields: ['token'] },
  { ...API_PATHS.setNewPassword, fields: ['pwd'] },
  { ...API_PATHS.getMe },
  {
    ...API_PATHS.saveProfile,
    fields: ['screenName', 'phone', 'position', 'department', 'bio', 'imageId', 'links', 'location'],
  },
  { ...API_PATHS.getTwoFactorSecret },
  { ...API_PATHS.enableTwoFactor, fields: ['otp'] },
  { ...API_PATHS.getRecoveryCodeCount },
  { ...API_PATHS.regenerateRecoveryCodes },
  { method: 'GET', path: DEV_MAILBOX_PATH, fields: ['to'] },
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('malformed requests get 4xx, never 5xx, never an echo', () => {
  it.each(
    ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const),
  )('%s', async (_, endpoint) => {
    await fuzzEndpoint(t.client(), endpoint, 25);
    // A fresh session per endpoint: the logout fuzz ends its own.
    await fuzzEndpoint((await signedInUser(t)).client, endpoint, 25);
  });
});
