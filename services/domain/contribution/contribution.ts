import type { ContributionEvent } from '../../../contracts/events/contribution.ts';
import type { ContributionState, LinkState } from './state.ts';
import { evolveAnnotation } from './annotation.ts';
import { evolveContent } from './content.ts';
import { evolvePromisingIdea } from './promisingIdea.ts';

export type { ContributionState, LinkState } from './state.ts';

export const initialContributionState = (): ContributionState => ({ status: 'none' });

/** Group members as stored in `data.members` (anything else counts as none). */
export const membersOf = (data: Record<string, unknown>): string[] =>
  Array.isArray(data.members) ? data.members.filter((m): m is string => typeof m === 'string') : [];

export const evolveContribution = (state: ContributionState, event: ContributionEvent): ContributionState => {
  if (event.type === 'ContributionCreated') {
    const { data } = event;
    return {
      status: 'created',
      contributionId: data.contributionId,
      communityId: data.communityId,
      type: data.type,
      title: data.title,
      contributionStatus: data.status,
      permission: data.permission,
      authors: [...data.authors],
      group: data.group,
      data: data.data,
      members: membersOf(data.data),
      links: {},
    };
  }
  if (state.status !== 'created') return state;
  switch (event.type) {
    case 'ContributionRetitled':
      return { ...state, title: event.data.title };
    case 'ContributionStatusChanged':
      return { ...state, contributionStatus: event.data.status };
    case 'ContextSettingsChanged':
      return { ...state, data: event.data.data };
    case 'GroupMemberAdded':
      return state.members.includes(event.data.authorId) ? state : { ...state, members: [...state.members, event.data.authorId] };
    case 'GroupMemberRemoved':
      return { ...state, members: state.members.filter((id) => id !== event.data.authorId) };
    case 'ViewSettingChanged': {
      const { viewSetting: _old, ...rest } = state.data;
      return { ...state, data: event.data.viewSetting ? { ...rest, viewSetting: event.data.viewSetting } : rest };
    }
    case 'LinkCreated': {
      const { linkId, to, type, data } = event.data;
      return { ...state, links: { ...state.links, [linkId]: { linkId, to, type, data } } };
    }
    case 'LinkUpdated': {
      const link = state.links[event.data.linkId];
      if (!link) return state;
      return { ...state, links: { ...state.links, [link.linkId]: { ...link, data: { ...link.data, ...event.data.data } } } };
    }
    case 'LinkDeleted': {
      const { [event.data.linkId]: _removed, ...links } = state.links;
      return { ...state, links };
    }
    case 'AnnotationEdited':
      return evolveAnnotation(state, event);
    case 'PromisingIdeaEdited':
      return evolvePromisingIdea(state, event);
    default:
      return evolveContent(state, event);
  }
};

/**
 * Folds many events at once, as `events.reduce(evolveContribution, state)`
 * would, but copies the links only once: a view's stream holds one
 * LinkCreated per ref, and copying every earlier link for each of them made
 * loading a view of 3,000 refs take seconds (quadratic). The links object it
 * writes into is its own copy, so `state` is never mutated.
 */
export const evolveContributionAll = (state: ContributionState, events: readonly ContributionEvent[]): ContributionState => {
  let current = state;
  let owned: Record<string, LinkState> | null = null;
  for (const event of events) {
    if (current.status !== 'created' || (event.type !== 'LinkCreated' && event.type !== 'LinkUpdated' && event.type !== 'LinkDeleted')) {
      current = evolveContribution(current, event);
      continue;
    }
    if (current.links !== owned) {
      owned = { ...current.links };
      current = { ...current, links: owned };
    }
    if (event.type === 'LinkCreated') {
      const { linkId, to, type, data } = event.data;
      owned[linkId] = { linkId, to, type, data };
    } else if (event.type === 'LinkUpdated') {
      const link = owned[event.data.linkId];
      if (link) owned[link.linkId] = { ...link, data: { ...link.data, ...event.data.data } };
    } else {
      delete owned[event.data.linkId];
    }
  }
  return current;
};
