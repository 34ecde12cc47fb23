import type { CommunityCreated, CommunityEvent, CommunityUpdated } from '../../../contracts/events/community.ts';
import type { Decider } from '../../core/decider.ts';
import { ConflictError, fieldError, NotFoundError, ValidationError } from '../../core/errors.ts';
import type { FieldError } from '../../../contracts/errors.ts';
import { msg } from '../../../contracts/messageCodes.ts';

/** What the community's rules need; titles and keys for "unchanged" checks. */
export type CommunityState =
  | { status: 'none' }
  | {
      status: 'created';
      communityId: string;
      title: string;
      registrationKey: string;
      managerRegistrationKey: string;
      archived: boolean;
      views: string[];
      scaffolds: string[];
      lang: string;
    };

export type CreateCommunity = { type: 'CreateCommunity'; data: CommunityCreated['data'] };
/** Community editor save (admins); absent fields are unchanged. */
export type UpdateCommunity = { type: 'UpdateCommunity'; data: Omit<CommunityUpdated['data'], 'communityId'> };
export type RegisterView = { type: 'RegisterView'; data: { viewId: string } };
export type UnregisterView = { type: 'UnregisterView'; data: { viewId: string } };
export type RegisterScaffold = { type: 'RegisterScaffold'; data: { scaffoldId: string } };
export type ChangeCommunityLanguage = { type: 'ChangeCommunityLanguage'; data: { lang: string } };
/** Scaffold manager (issue 13 §5): take a scaffold off the list; the order of all of them. */
export type UnregisterScaffold = { type: 'UnregisterScaffold'; data: { scaffoldId: string } };
export type ReorderScaffolds = { type: 'ReorderScaffolds'; data: { scaffoldIds: string[] } };
/** KF6's community save (issue 15): the registered views in the order given (all of them, once). */
export type ReorderViews = { type: 'ReorderViews'; data: { viewIds: string[] } };

export type CommunityCommand =
  | CreateCommunity
  | UpdateCommunity
  | RegisterView
  | UnregisterView
  | RegisterScaffold
  | ChangeCommunityLanguage
  | UnregisterScaffold
  | ReorderScaffolds
  | ReorderViews;

/** Kept in contracts, where they get their codes. */
export { CommunityErrors } from '../../../contracts/catalogs/communityAggregate.ts';

export const evolveCommunity = (state: CommunityState, event: CommunityEvent): CommunityState => {
  if (event.type === 'CommunityCreated') {
    const { data } = event;
    return {
      status: 'created',
      communityId: data.communityId,
      title: data.title,
      registrationKey: data.registrationKey,
      managerRegistrationKey: data.managerRegistrationKey,
      archived: false,
      views: [...data.viewIds],
      scaffolds: [...data.scaffoldIds],
      lang: '',
    };
  }
  if (state.status !== 'created') return state;
  switch (event.type) {
    case 'CommunityUpdated': {
      const { title, registrationKey, managerRegistrationKey, archived } = event.data;
      return {
        ...state,
        title: title ?? state.title,
        registrationKey: registrationKey ?? state.registrationKey,
        managerRegistrationKey: managerRegistrationKey ?? state.managerRegistrationKey,
        archived: archived ?? state.archived,
      };
    }
    case 'CommunityViewRegistered':
      return state.views.includes(event.data.viewId) ? state : { ...state, views: [...state.views, event.data.viewId] };
    case 'CommunityViewUnregistered':
      return { ...state, views: state.views.filter((id) => id !== event.data.viewId) };
    case 'CommunityScaffoldRegistered':
      return state.scaffolds.includes(event.data.scaffoldId) ? state : { ...state, scaffolds: [...state.scaffolds, event.data.scaffoldId] };
    case 'CommunityLanguageChanged':
      return { ...state, lang: event.data.lang };
    case 'CommunityScaffoldUnregistered':
      return { ...state, scaffolds: state.scaffolds.filter((id) => id !== event.data.scaffoldId) };
    case 'CommunityScaffoldsReordered':
      return { ...state, scaffolds: [...event.data.scaffoldIds] };
    case 'CommunityViewsReordered':
      return { ...state, views: [...event.data.viewIds] };
    default:
      return state;
  }
};

/**
 * Title and keys must not be blank (spec messages); every blank field is
 * named. Only the fields present are checked, so an update may omit them.
 */
/** Issue 20 §2: the shortest registration or manager key a community may have. */
export const registrationKeyMin = 6;

export const checkCommunityFields = (fields: { title?: string; registrationKey?: string; managerRegistrationKey?: string }) => {
  const errors: FieldError[] = [];
  const trimmed = {
    title: fields.title?.trim(),
    registrationKey: fields.registrationKey?.trim(),
    managerRegistrationKey: fields.managerRegistrationKey?.trim(),
  };
  if (trimmed.title === '') errors.push(fieldError('title', msg('community.titleRequired')));
  for (const field of ['registrationKey', 'managerRegistrationKey'] as const) {
    const key = trimmed[field];
    if (key === '') errors.push(fieldError(field, msg('community.registrationKeyRequired')));
    else if (key !== undefined && key.length < registrationKeyMin) errors.push(fieldError(field, msg('community.registrationKeyTooShort')));
  }
  if (errors.length > 0) throw ValidationError.fields(errors);
  return trimmed;
};

const existing = (state: CommunityState) => {
  if (state.status !== 'created') throw new NotFoundError(msg('communityAggregate.notFound'));
  return state;
};

export const decideCommunity = (command: CommunityCommand, state: CommunityState): CommunityEvent[] => {
  if (command.type === 'CreateCommunity') {
    if (state.status !== 'none') throw new ConflictError(msg('communityAggregate.alreadyExists'));
    const { title, registrationKey, managerRegistrationKey } = command.data;
    const checked = checkCommunityFields({ title, registrationKey, managerRegistrationKey });
    return [
      {
        type: 'CommunityCreated',
        data: {
          ...command.data,
          title: checked.title ?? title,
          registrationKey: checked.registrationKey ?? registrationKey,
          managerRegistrationKey: checked.managerRegistrationKey ?? managerRegistrationKey,
        },
      },
    ];
  }
  const community = existing(state);
  const { communityId } = community;
  switch (command.type) {
    case 'UpdateCommunity': {
      const checked = checkCommunityFields(command.data);
      const changes: Omit<CommunityUpdated['data'], 'communityId'> = {};
      if (checked.title !== undefined && checked.title !== community.title) changes.title = checked.title;
      if (checked.registrationKey !== undefined && checked.registrationKey !== community.registrationKey) {
        changes.registrationKey = checked.registrationKey;
      }
      if (checked.managerRegistrationKey !== undefined && checked.managerRegistrationKey !== community.managerRegistrationKey) {
        changes.managerRegistrationKey = checked.managerRegistrationKey;
      }
      if (command.data.archived !== undefined && command.data.archived !== community.archived) changes.archived = command.data.archived;
      return Object.keys(changes).length === 0 ? [] : [{ type: 'CommunityUpdated', data: { communityId, ...changes } }];
    }
    case 'RegisterView':
      return community.views.includes(command.data.viewId)
        ? []
        : [{ type: 'CommunityViewRegistered', data: { communityId, viewId: command.data.viewId } }];
    case 'UnregisterView':
      return community.views.includes(command.data.viewId)
        ? [{ type: 'CommunityViewUnregistered', data: { communityId, viewId: command.data.viewId } }]
        : [];
    case 'RegisterScaffold':
      return community.scaffolds.includes(command.data.scaffoldId)
        ? []
        : [{ type: 'CommunityScaffoldRegistered', data: { communityId, scaffoldId: command.data.scaffoldId } }];
    case 'ChangeCommunityLanguage':
      return command.data.lang === community.lang
        ? []
        : [{ type: 'CommunityLanguageChanged', data: { communityId, lang: command.data.lang } }];
    case 'UnregisterScaffold':
      return community.scaffolds.includes(command.data.scaffoldId)
        ? [{ type: 'CommunityScaffoldUnregistered', data: { communityId, scaffoldId: command.data.scaffoldId } }]
        : [];
    case 'ReorderScaffolds':
      return reorderScaffolds(community.scaffolds, command.data.scaffoldIds, communityId);
    case 'ReorderViews':
      return reorderViews(community.views, command.data.viewIds, communityId);
  }
};

/**
 * Save-order: the new order must name every registered scaffold once and
 * nothing else (a scaffold registered meanwhile by another manager makes the
 * saved order stale: 409 rather than losing it). Same order: no event.
 */
const reorderScaffolds = (current: readonly string[], wanted: readonly string[], communityId: string): CommunityEvent[] => {
  const sameSet = wanted.length === current.length && new Set(wanted).size === wanted.length && wanted.every((id) => current.includes(id));
  if (!sameSet) throw new ConflictError(msg('community.scaffoldOrderStale'));
  return wanted.every((id, index) => current[index] === id)
    ? []
    : [{ type: 'CommunityScaffoldsReordered', data: { communityId, scaffoldIds: [...wanted] } }];
};

/** `wanted` names every id of `current` once and nothing else. */
export const isPermutation = (current: readonly string[], wanted: readonly string[]): boolean =>
  wanted.length === current.length && new Set(wanted).size === wanted.length && wanted.every((id) => current.includes(id));

/** Same rule as the scaffolds' save-order: a view registered or removed meanwhile makes the order stale (409). */
const reorderViews = (current: readonly string[], wanted: readonly string[], communityId: string): CommunityEvent[] => {
  if (!isPermutation(current, wanted)) throw new ConflictError(msg('errors.conflict'));
  return wanted.every((id, index) => current[index] === id)
    ? []
    : [{ type: 'CommunityViewsReordered', data: { communityId, viewIds: [...wanted] } }];
};

export const communityDecider: Decider<CommunityState, CommunityCommand, CommunityEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve: evolveCommunity,
  decide: decideCommunity,
};
