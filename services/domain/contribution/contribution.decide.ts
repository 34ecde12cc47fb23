import type {
  ContributionCreated,
  ContributionEvent,
  ContributionStatus,
  ContributionType,
  LinkType,
  ViewSettingChanged,
} from '../../../contracts/events/contribution.ts';
import type { Decider } from '../../core/decider.ts';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { evolveContribution, evolveContributionAll, initialContributionState, type ContributionState } from './contribution.ts';
import { decideContent, isContentCommand, type ContentCommand } from './content.ts';
import { decideAnnotation, isAnnotationCommand, type AnnotationCommand } from './annotation.ts';
import { decidePromisingIdea, isPromisingIdeaCommand, type EditPromisingIdea } from './promisingIdea.ts';
import { msg } from '../../../contracts/messageCodes.ts';

export type CreateContribution = { type: 'CreateContribution'; data: ContributionCreated['data'] };
export type RetitleContribution = { type: 'RetitleContribution'; data: { title: string } };
export type ChangeContributionStatus = { type: 'ChangeContributionStatus'; data: { status: ContributionStatus } };
/** Replaces the whole `data` of a Context (never merges). */
export type ChangeContextSettings = { type: 'ChangeContextSettings'; data: { data: Record<string, unknown> } };
export type AddGroupMember = { type: 'AddGroupMember'; data: { authorId: string } };
export type RemoveGroupMember = { type: 'RemoveGroupMember'; data: { authorId: string } };
/** A view's own display setting; null removes it (the community's applies). */
export type ChangeViewSetting = { type: 'ChangeViewSetting'; data: { viewSetting: ViewSettingChanged['data']['viewSetting'] } };
/** A link from this contribution to `to`. */
export type CreateLink = { type: 'CreateLink'; data: { linkId: string; to: string; type: LinkType; data: Record<string, unknown> } };
/** New values for some data fields of a link of this contribution. */
export type UpdateLink = { type: 'UpdateLink'; data: { linkId: string; data: Record<string, unknown> } };
export type DeleteLink = { type: 'DeleteLink'; data: { linkId: string } };

export type ContributionCommand =
  | CreateContribution
  | RetitleContribution
  | ChangeContributionStatus
  | ChangeContextSettings
  | AddGroupMember
  | RemoveGroupMember
  | ChangeViewSetting
  | CreateLink
  | UpdateLink
  | DeleteLink
  | ContentCommand
  | AnnotationCommand
  | EditPromisingIdea;

/** Messages of this aggregate that the spec does not fix (kept in contracts, where they get their codes). */
export { ContributionErrors } from '../../../contracts/catalogs/contribution.ts';

/** Types whose title is their whole identity: an empty one is refused. */
const titledTypes: ReadonlySet<ContributionType> = new Set(['Context', 'View', 'Scaffold', 'Support', 'Group']);

const checkTitle = (type: ContributionType, title: string): string => {
  const trimmed = title.trim();
  if (!trimmed && titledTypes.has(type)) throw ValidationError.field('title', msg('community.titleRequired'));
  return trimmed;
};

const existing = (state: ContributionState) => {
  if (state.status !== 'created') throw new NotFoundError(msg('contribution.notFound'));
  return state;
};

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const create = (command: CreateContribution, state: ContributionState): ContributionEvent[] => {
  if (state.status !== 'none') throw new ConflictError(msg('contribution.alreadyExists'));
  const title = checkTitle(command.data.type, command.data.title);
  return [{ type: 'ContributionCreated', data: { ...command.data, title } }];
};

/**
 * The rules of every contribution. Pure: ids and the time arrive with the
 * command. A command that changes nothing returns no event.
 */
export const decideContribution = (command: ContributionCommand, state: ContributionState): ContributionEvent[] => {
  if (isAnnotationCommand(command)) return decideAnnotation(command, state);
  if (isPromisingIdeaCommand(command)) return decidePromisingIdea(command, state);
  if (command.type === 'CreateContribution') return create(command, state);
  const current = existing(state);
  if (isContentCommand(command)) return decideContent(command, current);
  const contributionId = current.contributionId;
  switch (command.type) {
    case 'RetitleContribution': {
      const title = checkTitle(current.type, command.data.title);
      return title === current.title ? [] : [{ type: 'ContributionRetitled', data: { contributionId, title } }];
    }
    case 'ChangeContributionStatus':
      return command.data.status === current.contributionStatus
        ? []
        : [{ type: 'ContributionStatusChanged', data: { contributionId, status: command.data.status } }];
    case 'ChangeContextSettings':
      if (current.type !== 'Context') throw new IllegalStateError(msg('contribution.notAContext'));
      return sameValue(command.data.data, current.data)
        ? []
        : [{ type: 'ContextSettingsChanged', data: { contributionId, data: command.data.data } }];
    case 'AddGroupMember':
      if (current.type !== 'Group') throw new IllegalStateError(msg('contribution.notAGroup'));
      return current.members.includes(command.data.authorId)
        ? []
        : [{ type: 'GroupMemberAdded', data: { contributionId, authorId: command.data.authorId } }];
    case 'RemoveGroupMember':
      if (current.type !== 'Group') throw new IllegalStateError(msg('contribution.notAGroup'));
      return current.members.includes(command.data.authorId)
        ? [{ type: 'GroupMemberRemoved', data: { contributionId, authorId: command.data.authorId } }]
        : [];
    case 'ChangeViewSetting':
      if (current.type !== 'View') throw new IllegalStateError(msg('contribution.notAView'));
      return sameValue(command.data.viewSetting ?? null, current.data.viewSetting ?? null)
        ? []
        : [{ type: 'ViewSettingChanged', data: { contributionId, viewSetting: command.data.viewSetting } }];
    case 'CreateLink': {
      const { linkId, to, type, data } = command.data;
      if (current.links[linkId]) throw new ConflictError(msg('contribution.linkExists'));
      if (to === contributionId) throw ValidationError.field('to', msg('contribution.selfLink'));
      return [{ type: 'LinkCreated', data: { linkId, communityId: current.communityId, from: contributionId, to, type, data } }];
    }
    case 'UpdateLink': {
      const link = current.links[command.data.linkId];
      if (!link) throw new NotFoundError(msg('contribution.linkNotFound'));
      const changed = Object.fromEntries(Object.entries(command.data.data).filter(([key, value]) => !sameValue(link.data[key], value)));
      return Object.keys(changed).length === 0
        ? []
        : [{ type: 'LinkUpdated', data: { linkId: link.linkId, from: contributionId, data: changed } }];
    }
    case 'DeleteLink':
      if (!current.links[command.data.linkId]) throw new NotFoundError(msg('contribution.linkNotFound'));
      return [{ type: 'LinkDeleted', data: { linkId: command.data.linkId, from: contributionId } }];
  }
};

export const contributionDecider: Decider<ContributionState, ContributionCommand, ContributionEvent> = {
  initialState: initialContributionState,
  evolve: evolveContribution,
  evolveAll: evolveContributionAll,
  decide: decideContribution,
};
