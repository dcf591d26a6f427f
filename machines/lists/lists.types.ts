import type { ActorRefFrom } from 'xstate';
import type { ErrorCode } from '../../api/contract/errorCodes';
import type { Channel, Organisation } from '../../api/contract/lists';
import type { listsMachine } from './lists.machine';

/** spec 2 Me page, list area: the two tabs. */
export type ListTab = 'channels' | 'organisations';

export interface ListsContext {
  channels: Channel[];
  organisations: Organisation[];
  /** spec 7: organisation URLs are built on this subdomain. */
  baseOrganisationSubdomain: string;
  channelsError: ErrorCode | undefined;
  organisationsError: ErrorCode | undefined;
}

export type ListsActorRef = ActorRefFrom<typeof listsMachine>;
