/**
 * spec 3 roles as people read them: the identifiers ('staff-access', 'editor-limited') stay on the wire and in
 * code; every screen shows these words.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '../api/contract/limits';

/** Typed as a Record over Role so a new role cannot be added without its words. */
export const ROLE_LABELS: Readonly<Record<Role, MessageDescriptor>> = {
  admin: msg`Administrator`,
  editor: msg`Editor`,
  'editor-limited': msg`Editor with limited rights`,
  'staff-access': msg`Staff access`,
  reader: msg`Reader`,
  owner: msg`Owner`,
  'team-member': msg`Team member`,
};
