/**
 * Who hears that the server refused a call's credential (`unknown_credential_error`): /me's session watch
 * (routes/carried/sessionWatch.ts) asks GET /api/me once more, so a form sent after the session ended elsewhere
 * leads to the login instead of reading as a wrong password. The refusal alone cannot say which it was: the
 * server answers a wrong current password and a missing session with the same code (spec 7).
 */
type Listener = () => void;
const listeners = new Set<Listener>();

/** Listens for refused credentials; answers the function that stops listening. */
export function onCredentialRefused(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called by the client (api/client.ts) for every call the server answered `unknown_credential_error`. */
export function credentialRefused(): void {
  for (const listener of listeners) listener();
}
