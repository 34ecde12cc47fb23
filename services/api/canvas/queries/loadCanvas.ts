import type { Author } from '../../../../contracts/api/communities.ts';
import type { ViewCanvasReply } from '../../../../contracts/api/views.ts';
import type { ContributionDocument } from '../../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../../projections/users/index.ts';
import { accessObject, canRead } from '../../../domain/access/permissions.ts';
import { mayChangeViewSetting } from '../../../domain/access/viewRights.ts';
import { arrowLinkTypes } from '../../../domain/links/linkRules.ts';
import { riseaboveNoteIdOf } from '../../../domain/view/riseAbove.ts';
import { viewSettingOf } from '../../../domain/view/viewSetting.ts';
import { actingAuthor } from '../../communities/authorReply.ts';
import { toCommunityInfo } from '../../communities/communityService.ts';
import type { CanvasReader, Reader } from '../canvasReader.ts';
import { toViewSummary } from '../replies.ts';
import { arrowsAmong, refsFor } from './refsFor.ts';

/** The caller's membership as the canvas shows it (an admin who is not a member acts as a manager). */
export const canvasMe = (reader: Reader): Author => actingAuthor(reader.grant, reader.user);

/**
 * The rise-above note whose inner view this is (KF6 titles inner views
 * `riseabove:<noteId>`), when the reader may read that note: its window and
 * title bar show the note's title instead of the raw KF6 title.
 */
export const riseaboveNoteOf = async (
  loader: CanvasReader,
  reader: Reader,
  view: ContributionDocument,
): Promise<{ noteId: string; title: string } | null> => {
  const noteId = riseaboveNoteIdOf(view.title);
  if (!noteId) return null;
  const note = await loader.contributions.get(noteId);
  if (!note || note.communityId !== view.communityId || note.status !== 'active') return null;
  if (!canRead(reader.subject, accessObject(note, await loader.membersOf(note)))) return null;
  return { noteId, title: note.title };
};

/** GET /api/views/{viewId}/canvas: everything the canvas draws, in one request. */
export const loadCanvas = async (loader: CanvasReader, user: UserDocument, viewId: string): Promise<ViewCanvasReply> => {
  const access = await loader.viewAccess(user, viewId);
  const { view, reader, context } = access;
  const contains = await loader.refsOfView(viewId);
  // One pass over the links leaving the placed contributions: supports (filter panel) and arrows.
  const outLinks = await loader.linksFrom([...new Set(contains.map((ref) => ref.to))], [...arrowLinkTypes, 'supports']);
  const [refs = []] = await refsFor(loader, [reader], contains, outLinks);
  const links = await arrowsAmong(loader, [...new Set(refs.map((ref) => ref.to))], outLinks);
  const { viewSetting, saved } = viewSettingOf(view, context);
  const riseabove = await riseaboveNoteOf(loader, reader, view);
  return {
    view: toViewSummary(view),
    ...(riseabove ? { riseabove } : {}),
    community: toCommunityInfo(reader.grant.community),
    me: canvasMe(reader),
    editable: access.editable,
    viewSetting,
    viewSettingSaved: saved,
    mayChangeViewSetting: mayChangeViewSetting(reader.subject, access),
    context,
    refs,
    links,
  };
};
