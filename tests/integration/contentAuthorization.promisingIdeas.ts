import type { CommunitySettings } from '../../contracts/api/communities.ts';
import { classReaders, must, note, notFoundToClassmate, own, view, type Row, type World } from './contentAuthorization.world.ts';

/**
 * The rows of the content authorization matrix about promising ideas (issue 14 §3; run by
 * contentAuthorization.promisingIdeas.int.spec.ts). Members of the class mark passages of notes they
 * may read, read the table and make PI Pool notes; only its author (and managers) edit or delete an idea;
 * nobody learns anything of a note they may not read (spec part 2 §6, fact sheet §3). Every row
 * turns the community's plugin on first, so that refusals are about rights.
 */

/** Turns `promisingnessidea` on (as the class's admin). */
const pluginOn = async (w: World): Promise<void> => {
  const url = `/api/communities/${w.communityId}/settings`;
  const settings = (await must(w, w.admin, 'GET', url)).json<CommunitySettings>();
  settings.data.plugins.promisingnessidea = true;
  await must(w, w.admin, 'PUT', url, { data: settings.data, scaffoldIds: settings.scaffoldIds });
};

/** A contributed note of the pupil with text (the private one's text carries the secret), in `viewId` (the welcome view by default). */
const noteWithText = async (w: World, permission: 'private' | 'protected', viewId?: string): Promise<{ id: string; text: string }> => {
  const { id } = await note(w, { permission, ...(viewId ? { viewId } : {}) });
  const text = permission === 'private' ? `${w.secret} une idée cachée` : 'Les plantes ont besoin de lumière';
  const loaded = (await must(w, w.pupil, 'GET', `/api/objects/${id}`)).json<{ revision: number; title: string }>();
  await must(w, w.pupil, 'PUT', `/api/objects/${w.communityId}/${id}`, {
    revision: loaded.revision,
    title: loaded.title,
    body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
  });
  return { id, text };
};

/** A promising idea of the pupil on a note of the pupil: the idea's id and the note's. */
const pupilIdea = async (w: World, permission: 'private' | 'protected', viewId?: string): Promise<{ ideaId: string; noteId: string }> => {
  await pluginOn(w);
  const { id, text } = await noteWithText(w, permission, viewId);
  const created = await must(w, w.pupil, 'POST', `/api/promisingideas/${w.communityId}/note/${id}`, {
    idea: text,
    color: 'yellow',
    reason: permission === 'private' ? w.secret : 'Une piste',
  });
  return { ideaId: created.json<{ _id: string }>()._id, noteId: id };
};

export const promisingIdeaRows: Row[] = [
  {
    route: 'GET /api/promisingideas/:communityId',
    variant: 'the whole community, with an idea on a private note of the pupil (never shown to others)',
    expect: classReaders,
    request: async (w) => {
      await pupilIdea(w, 'private');
      await pupilIdea(w, 'protected');
      return { url: `/api/promisingideas/${w.communityId}` };
    },
  },
  {
    route: 'GET /api/promisingideas/:communityId',
    variant: 'the welcome view, filtered by keyword',
    expect: classReaders,
    request: async (w) => {
      await pupilIdea(w, 'private');
      return { url: `/api/promisingideas/${w.communityId}?views=${w.welcomeViewId}&keyword=idee` };
    },
  },
  {
    route: 'GET /api/promisingideas/:communityId',
    variant: 'a private view of the pupil',
    expect: notFoundToClassmate,
    request: async (w) => {
      const viewId = await view(w, 'private');
      await pupilIdea(w, 'protected', viewId);
      return { url: `/api/promisingideas/${w.communityId}?views=${viewId}` };
    },
  },
  {
    route: 'POST /api/promisingideas/:communityId/note/:noteId',
    variant: 'a protected note of the pupil',
    expect: classReaders,
    request: async (w) => {
      await pluginOn(w);
      const { id } = await noteWithText(w, 'protected');
      return {
        url: `/api/promisingideas/${w.communityId}/note/${id}`,
        payload: { idea: 'besoin de lumière', color: 'green', reason: '' },
      };
    },
  },
  {
    route: 'POST /api/promisingideas/:communityId/note/:noteId',
    variant: 'a private note of the pupil',
    expect: notFoundToClassmate,
    request: async (w) => {
      await pluginOn(w);
      const { id } = await noteWithText(w, 'private');
      return { url: `/api/promisingideas/${w.communityId}/note/${id}`, payload: { idea: 'une idée', color: 'red', reason: '' } };
    },
  },
  {
    route: 'PUT /api/promisingideas/ideas/:ideaId',
    variant: "the pupil's idea on a protected note (its author, managers)",
    expect: own,
    request: async (w) => ({
      url: `/api/promisingideas/ideas/${(await pupilIdea(w, 'protected')).ideaId}`,
      payload: { color: 'blue', reason: 'Mieux dit' },
    }),
  },
  {
    route: 'PUT /api/promisingideas/ideas/:ideaId',
    variant: "the pupil's idea on a private note",
    expect: notFoundToClassmate,
    request: async (w) => ({
      url: `/api/promisingideas/ideas/${(await pupilIdea(w, 'private')).ideaId}`,
      payload: { color: 'blue', reason: 'Mieux dit' },
    }),
  },
  {
    route: 'DELETE /api/promisingideas/ideas/:ideaId',
    variant: "the pupil's idea on a protected note (its author, managers)",
    expect: own,
    request: async (w) => ({ url: `/api/promisingideas/ideas/${(await pupilIdea(w, 'protected')).ideaId}` }),
  },
  {
    route: 'DELETE /api/promisingideas/ideas/:ideaId',
    variant: "the pupil's idea on a private note",
    expect: notFoundToClassmate,
    request: async (w) => ({ url: `/api/promisingideas/ideas/${(await pupilIdea(w, 'private')).ideaId}` }),
  },
  {
    route: 'POST /api/promisingideas/:communityId/pool',
    variant: 'an idea on a protected note, into the welcome view',
    expect: classReaders,
    request: async (w) => {
      const { ideaId } = await pupilIdea(w, 'protected');
      return {
        url: `/api/promisingideas/${w.communityId}/pool`,
        payload: { ideaIds: [ideaId], title: 'PI Pool', viewIds: [w.welcomeViewId] },
      };
    },
  },
  {
    route: 'POST /api/promisingideas/:communityId/pool',
    variant: 'an idea on a private note of the pupil',
    expect: notFoundToClassmate,
    request: async (w) => {
      const { ideaId } = await pupilIdea(w, 'private');
      return {
        url: `/api/promisingideas/${w.communityId}/pool`,
        payload: { ideaIds: [ideaId], title: 'PI Pool', viewIds: [w.welcomeViewId] },
      };
    },
  },
];
