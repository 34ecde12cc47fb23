import type { ObjectReply } from '../../../../contracts/api/objects.ts';
import type { Permission } from '../../../../contracts/events/contribution.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ValidationError } from '../../../core/errors.ts';
import { isAssignableGroup } from '../../../domain/contribution/ownership.ts';
import { objectCollections, ownedByCaller, type ObjectServiceDeps } from '../objectAccess.ts';
import { runOnObject } from '../objectCommands.ts';
import { getObject } from '../queries/getObject.ts';

/** PUT /api/objects/{communityId}/{id}/permission: authors (or managers) only; a group must be an active group of the community. */
export const changePermission = async (
  deps: ObjectServiceDeps,
  user: UserDocument,
  communityId: string,
  id: string,
  input: { permission: Permission; group: string | null },
): Promise<ObjectReply> => {
  await ownedByCaller(deps, user, communityId, id);
  if (input.group !== null) {
    const group = await objectCollections(deps).contributions.get(input.group);
    if (!isAssignableGroup(group, communityId)) throw ValidationError.field('group', msg('objects.groupNotActive'));
  }
  await runOnObject(deps, user, id, [{ type: 'ChangePermission', data: input }]);
  return getObject(deps, user, id);
};
