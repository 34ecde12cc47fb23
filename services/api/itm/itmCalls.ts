import type { RecordedEvent } from '../../../contracts/events/event.ts';
import { communitiesCollectionName, type CommunityDocument } from '../../../projections/communities/index.ts';
import type { ContributionDocument } from '../../../projections/contributions/index.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { pluginEnabled } from '../../domain/community/plugins.ts';
import { itmServerOf, type ItmSettings } from '../../integrations/itm/itmSettings.ts';
import { objectCollections } from '../objects/objectAccess.ts';

/**
 * One call to make to ITM, as a job's data (JSON). `iius` calls carry the
 * community and the key; `wsg` calls ask ITM for the community's token and
 * database first (services/integrations/itm/itmClient.ts). `note` is a note's
 * save: `/IIUSs/note/add`, then a refresh message to each ITM thread holding it.
 */
export type ItmCall = {
  kind: 'iius' | 'wsg' | 'note';
  server: string;
  communityId: string;
  path: string;
  fields: Record<string, unknown>;
  /**
   * A note's first contribute: the views holding it and the notes it builds on.
   * Its links were made with it, while it was not yet shared, so they are told
   * to ITM now, after the note itself.
   */
  placedIn?: string[];
  buildsOn?: string[];
};

/** The events that make ITM calls (spec part 1 §7, part 2 §7). */
export const itmEventTypes: ReadonlySet<string> = new Set(['NoteContributed', 'NoteSaved', 'LinkCreated', 'ContributionCreated']);

type Deps = { readStore: ReadStore; settings: ItmSettings; toHtml: (body: unknown) => Promise<string> };

/** The community's ITM server when its `itm` plugin is on, else null. */
const itmServerOfCommunity = async (deps: Deps, communityId: string): Promise<string | null> => {
  const community = await deps.readStore.collection<CommunityDocument>(communitiesCollectionName).get(communityId);
  if (!community?.rootContextId) return null;
  const context = await objectCollections(deps).contributions.get(community.rootContextId);
  if (!pluginEnabled(context?.data, 'itm')) return null;
  return itmServerOf(deps.settings, (context?.data as { settings?: unknown } | undefined)?.settings);
};

/**
 * What ITM shares is a community's ideas: private notes (readable by their
 * authors alone) are never sent, nor anything inactive.
 */
const shareable = (doc: ContributionDocument | null): doc is ContributionDocument =>
  doc !== null && doc.status === 'active' && doc.permission !== 'private';

/** The shared views holding the note and the shared notes it builds on. */
const linksOfNewNote = async (deps: Deps, noteId: string) => {
  const { links, contributions } = objectCollections(deps);
  const [holders, parents] = await Promise.all([
    links.find({ to: noteId, type: 'contains' }),
    links.find({ from: noteId, type: 'buildson' }),
  ]);
  const shared = async (ids: string[], type: string) =>
    (await Promise.all(ids.map((id) => contributions.get(id)))).filter((doc) => shareable(doc) && doc.type === type).map((doc) => doc!._id);
  return {
    placedIn: await shared(
      holders.map((link) => link.from),
      'View',
    ),
    buildsOn: await shared(
      parents.map((link) => link.to),
      'Note',
    ),
  };
};

const noteCall = async (deps: Deps, noteId: string, first: boolean): Promise<ItmCall | null> => {
  const note = await objectCollections(deps).contributions.get(noteId);
  if (!shareable(note) || note.type !== 'Note') return null;
  const server = await itmServerOfCommunity(deps, note.communityId);
  if (!server) return null;
  return {
    kind: 'note',
    server,
    communityId: note.communityId,
    path: '/IIUSs/note/add',
    fields: {
      kf_user_id: note.authors[0] ?? null,
      note_id: note._id,
      title: note.title,
      content: await deps.toHtml((note.data as { body?: unknown }).body),
      create_time: note.created,
      modified_time: note.modified,
      authors: note.authors,
    },
    ...(first ? await linksOfNewNote(deps, note._id) : {}),
  };
};

const linkCall = async (deps: Deps, data: { communityId: string; from: string; to: string; type: string }): Promise<ItmCall | null> => {
  if (data.type !== 'buildson' && data.type !== 'contains') return null;
  const { contributions } = objectCollections(deps);
  const [from, to] = await Promise.all([contributions.get(data.from), contributions.get(data.to)]);
  if (!shareable(from) || !shareable(to)) return null;
  const server = await itmServerOfCommunity(deps, data.communityId);
  if (!server) return null;
  if (data.type === 'buildson') {
    if (from.type !== 'Note' || to.type !== 'Note') return null;
    const fields = { fromnoteid: from._id, tonoteid: to._id, linktype: 'buildson' };
    return { kind: 'wsg', server, communityId: data.communityId, path: '/WSG/note_note/add', fields };
  }
  if (from.type !== 'View' || to.type !== 'Note') return null;
  return { kind: 'wsg', server, communityId: data.communityId, path: '/WSG/view_note/add', fields: { viewid: from._id, noteid: to._id } };
};

const viewCall = async (deps: Deps, viewId: string): Promise<ItmCall | null> => {
  const view = await objectCollections(deps).contributions.get(viewId);
  if (!shareable(view) || view.type !== 'View') return null;
  const server = await itmServerOfCommunity(deps, view.communityId);
  if (!server) return null;
  return { kind: 'wsg', server, communityId: view.communityId, path: '/WSG/view/add', fields: { viewid: view._id, title: view.title } };
};

/**
 * The ITM call an event makes, read once the projections hold it: a note's
 * save, a build-on, a note placed in a view, a view created. Null when the
 * community's plugin is off or the contribution is not shared.
 */
export const itmCallFor = async (deps: Deps, event: RecordedEvent): Promise<ItmCall | null> => {
  const data = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'NoteContributed':
      return noteCall(deps, String(data.contributionId), true);
    case 'NoteSaved':
      return noteCall(deps, String(data.contributionId), false);
    case 'LinkCreated':
      return linkCall(deps, data as { communityId: string; from: string; to: string; type: string });
    case 'ContributionCreated':
      return data.type === 'View' ? viewCall(deps, String(data.contributionId)) : null;
    default:
      return null;
  }
};
