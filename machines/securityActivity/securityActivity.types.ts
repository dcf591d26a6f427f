/**
 * The recent security activity's vocabulary (docs/decisions/security.md: Security activity): what the machine keeps and
 * the events the view sends.
 */
import type {
  SecurityActivityAnswerWire,
  SecurityActivityEntryWire,
} from '../../api/contract/securityActivity';
import type { Refusal } from '../form/refusal';

export type SecurityActivityEntry = SecurityActivityEntryWire;
export type SecurityActivityPage = SecurityActivityAnswerWire;

export interface SecurityActivityContext {
  /** The page shown or being loaded (1-based). */
  page: number;
  /** The rows of the page shown, newest first. */
  entries: SecurityActivityEntry[];
  /** Whether an older page follows the one shown. */
  hasMore: boolean;
  /** The last failure (spec 8), shown with a retry. */
  error: Refusal | undefined;
}

export type SecurityActivityEvent = { type: 'page.older' } | { type: 'page.newer' } | { type: 'retry' };
