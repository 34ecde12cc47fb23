import { msg } from '../../../../contracts/messageCodes.ts';
import type { AuthorDocument } from '../../../../projections/authors/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { ValidationError } from '../../../core/errors.ts';
import { createActive } from '../../../domain/community/creation.ts';
import { defaultContextData } from '../../../domain/community/settings.ts';
import { eventMetadata } from '../commandSupport.ts';
import { communityCollections, runOnContribution, settle, type CommunityServiceDeps } from '../communityContext.ts';

/** A new context of a community, as the original's client asks for one. */
export type NewContext = { title?: string; permission?: 'private' | 'protected' | 'public'; authors?: string[] };

/**
 * A context (KF6's KBContext) created by a manager of the community, as the
 * original's client does right after creating a community (fact sheet §6):
 * active, `protected` unless asked otherwise, titled "Community Setting: …"
 * by default, authored by the caller and the other managers it names (any id
 * that is not a manager of this community: a 400 naming `authors`). Its data
 * are Buildon's default settings: the original's client sends `{}`, and a
 * community's settings are its root context's, which this does not replace.
 * Answers the new context's id.
 */
export const createContext = async (deps: CommunityServiceDeps, user: UserDocument, communityId: string, input: NewContext) => {
  const { community, author } = await deps.access.manager(user, communityId);
  const named = [...new Set(input.authors ?? [])];
  const authors = communityCollections(deps).authors;
  const found = await Promise.all(named.map((id) => authors.get(id)));
  const isManagerHere = (doc: AuthorDocument | null) => doc !== null && doc.communityId === communityId && doc.role === 'manager';
  if (!found.every(isManagerHere)) throw ValidationError.field('authors', msg('errors.fieldInvalid', { field: 'authors' }));
  const contextAuthors = [...new Set([...(author ? [author._id] : []), ...named])];
  // An admin who is not a member names the managers who author it.
  if (contextAuthors.length === 0) throw ValidationError.field('authors', msg('errors.fieldInvalid', { field: 'authors' }));
  const contextId = deps.ids.next();
  const create = createActive({
    contributionId: contextId,
    communityId,
    type: 'Context',
    permission: input.permission ?? 'protected',
    title: input.title?.trim() || `Community Setting: ${community.title}`,
    authors: contextAuthors,
    data: defaultContextData(),
  });
  await settle(deps, [await runOnContribution(deps, contextId, [create], eventMetadata(deps.clock, user._id))]);
  return contextId;
};
