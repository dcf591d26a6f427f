import { afterAll, beforeAll, describe, it } from 'vitest';
import { API_PATHS } from '../api/contract/paths';
import { DEV_MAILBOX_PATH } from './routes/dev';
import { signedInUser } from './test/fixtures';
import { type FuzzEndpoint, fuzzEndpoint } from './test/fuzz';
import { createTestApp, type TestApp } from './test/testApp';

/** Every wire field name of the contract's requests: bodies built from them get past the first checks. */
const WIRE_FIELDS = [
  'email',
  'pwd',
  'otp',
  'recoveryOtp',
  'token',
  'generateMagicLink',
  'screenName',
  'phone',
  'position',
  'department',
  'bio',
  'imageId',
  'links',
  'location',
  'channelName',
  'subdomain',
  'name',
  'companyId',
  'lastName',
  'organisationSubdomain',
  'userCompanyId',
  'userLastName',
  'step',
  'type',
  'template',
  'url',
  'locale',
  'to',
];

/**
 * Every call of api/contract/paths.ts (one entry per method and path; `:id` filled with a non-id and an id),
 * plus the dev mailbox: the issue asks for all endpoints, not only this file's owner's.
 */
const ENDPOINTS: FuzzEndpoint[] = [
  ...new Map(
    Object.values(API_PATHS).flatMap(({ method, path }) =>
      (path.includes(':id') ? [path.replace(':id', 'abc'), path.replace(':id', '1')] : [path]).map(
        (filled) => [`${method} ${filled}`, { method, path: filled, fields: WIRE_FIELDS }] as const,
      ),
    ),
  ).values(),
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
