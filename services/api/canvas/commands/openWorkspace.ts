import { authorStreamName } from '../../../../contracts/events/author.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { streamCommand } from '../../../core/atomicCommand.ts';
import { authorDecider } from '../../../domain/author/author.ts';
import { workspaceTitle } from '../defaultTitles.ts';
import { authorIn, contributionPart, metadataOf, runAll, settle, type CanvasDeps } from './shared.ts';

/** POST /api/authors/{communityId}/me/workspace: the caller's private workspace view, created once. */
export const openWorkspace = async (
  deps: CanvasDeps,
  user: UserDocument,
  communityId: string,
): Promise<{ viewId: string; created: boolean }> => {
  const me = await authorIn(deps, user, communityId);
  const author = me.grant.author;
  const existing = author?.workspaces[0];
  if (existing) {
    const view = await deps.reader.contributions.get(existing);
    if (view && view.type === 'View' && view.status === 'active') return { viewId: existing, created: false };
  }
  const viewId = deps.ids.next();
  const metadata = metadataOf(deps, user);
  const name = `${author?.firstName ?? ''} ${author?.lastName ?? ''}`.trim() || (author?.userName ?? user.userName);
  // The view and the author's pointer to it in one atomic append (issue 22 §4).
  const written = await runAll(
    deps,
    [
      contributionPart(viewId, [
        {
          type: 'CreateContribution',
          data: {
            contributionId: viewId,
            communityId,
            type: 'View',
            title: workspaceTitle(name, user.lang),
            status: 'active',
            permission: 'private',
            authors: [me.authorIdStrict],
            group: null,
            data: {},
          },
        },
      ]),
      streamCommand(authorStreamName(me.authorIdStrict), authorDecider, { type: 'SetAuthorWorkspace', data: { viewId } }),
    ],
    metadata,
  );
  await settle(deps, [written]);
  return { viewId, created: true };
};
