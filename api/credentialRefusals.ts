/**
 * Who hears that the server refused a call's credential (`unknown_credential_error`): /me's session watch
 * (routes/carried/sessionWatch.ts) asks GET /api/me once more, so a form sent after the session ended elsewhere
 * leads to the login instead of reading as a wrong password. The refusal alone cannot say which it was: the
 * server answers a wrong current password and a missing session with the same code (spec 7).
 */
import type { ApiError } from './errors';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Listens for refused credentials; answers the function that stops listening. */
export function onCredentialRefused(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Every call's failure passes here on its way out (api/client.ts, and the upload that goes around ky): a refused
 * credential is told to who listens. Answers the failure, to throw.
 */
export function heard(error: ApiError): ApiError {
  if (error.failure.code === 'unknown_credential_error') for (const listener of listeners) listener();
  return error;
}
