/** What every fake resolver gets, and the checks most of them share. */
import type { ApiCall, CatalogSource } from '../contract';
import { failUnauthorised, failWithCode } from './reply';
import type { FakeStore, FakeUser } from './store';

export interface FakeCall {
  request: Request;
  /** The request URL (origin included: answers build channel URLs from it). */
  url: URL;
  /** `:name` path segments. */
  params: Record<string, string>;
  /** The query string as a plain object (the wire schemas read it). */
  query: Record<string, string>;
  /** Parsed JSON, FormData for multipart bodies, undefined when there is none (or it is not JSON). */
  body: unknown;
  store: FakeStore;
  /** The compiled messages the translation call answers (FakeHandlerOptions). */
  catalogs: CatalogSource;
}

export type FakeResolver = (call: FakeCall) => Response | Promise<Response>;

/** One resolver per call of API_PATHS: the type makes a missing call a compile error. */
export type FakeResolvers<Call extends ApiCall = ApiCall> = Record<Call, FakeResolver>;

/** The session's user, or 401 (spec 7: GET /api/me fails until login). */
export const requireUser = (call: FakeCall): FakeUser => {
  const user = call.store.sessionUser();
  if (!user) throw failUnauthorised();
  return user;
};

/** 403 step_up_required_error unless this session proved itself within the window (server/security/stepUp.ts). */
export const requireStepUp = (call: FakeCall): void => {
  if (call.store.state.security.stepUpUntil <= Date.now()) throw failWithCode(403, 'step_up_required_error');
};
