import { describe, expect, it } from 'vitest';
import { API_PATHS } from '../../api/contract/paths';
import { answerViolations } from './conformance';

/** The checker itself: an answer that drifts from the document must be reported (else the suite proves nothing). */
describe('answerViolations', () => {
  const me = API_PATHS.getMe;

  it('accepts an answer in the documented shape', async () => {
    expect(await answerViolations('GET', me.path, 401, { message: 'Unauthorized' })).toEqual([]);
  });

  it('reports a success body that misses a required field', async () => {
    const violations = await answerViolations('GET', me.path, 200, { id: 'u1' });
    expect(violations).toHaveLength(1);
    expect(violations[0]?.problem).toMatch(/required/);
  });

  it('reports an error body in no documented error shape', async () => {
    const violations = await answerViolations('GET', me.path, 500, { oops: true });
    expect(violations).toHaveLength(1);
  });

  it('reports a call the document does not know, unless it is a not-found answer in a spec 8 shape', async () => {
    expect(await answerViolations('GET', '/api/not-a-call', 200, {})).toHaveLength(1);
    expect(await answerViolations('GET', '/api/not-a-call', 404, { code: 'unknown_server_error' })).toEqual(
      [],
    );
  });

  it('leaves alone what is not an API call', async () => {
    expect(await answerViolations('GET', '/api/dev/mailbox', 200, 'anything')).toEqual([]);
    expect(await answerViolations('GET', '/login', 200, '<html>')).toEqual([]);
  });
});
