import type { UserDocument } from '../../../projections/users/index.ts';
import type { AppServices } from '../../app/appServices.ts';
import type { Action, Actor, ClassPlan, Person } from './plan.ts';
import { seededRandom } from './random.ts';
import { noteBody, noteTitle, scaffoldedBody, topics } from './text.ts';

/** The use cases a class is played through: the same ones the routes call. */
export type SeedServices = Pick<AppServices, 'accounts' | 'authors' | 'communities' | 'canvas' | 'objects'>;

/** What a class has become while it is played: ids the later actions need. */
type ClassState = {
  plan: ClassPlan;
  communityId: string;
  teacher: UserDocument;
  pupils: UserDocument[];
  viewIds: string[];
  supports: { supportId: string; title: string }[];
  /** Each note's id, ref in its view, and last saved revision. */
  notes: { id: string; refId: string | null; viewId: string; revision: number }[];
};

/** The password every seeded account shares (printed by `npm run seed`). */
export const seedPassword = 'graine-de-classe-1';

const registerPerson = (services: SeedServices, person: Person) =>
  services.accounts.register(
    { ...person, email: `${person.userName}@seed.buildon.invalid`, password: seedPassword },
    { provider: 'operator', lang: 'fr' },
  );

/**
 * Opens a class: its community (made by the admin, as an operator does), the
 * teacher with the manager key, the pupils with the writer key, and the
 * scaffold supports pupils will write in.
 */
export const openClass = async (services: SeedServices, admin: UserDocument, plan: ClassPlan): Promise<ClassState> => {
  const registrationKey = `classe-${plan.index}-eleves`;
  const managerRegistrationKey = `classe-${plan.index}-profs`;
  const community = await services.communities.create(admin, {
    title: `Classe ${plan.index + 1} — sciences`,
    registrationKey,
    managerRegistrationKey,
  });
  const communityId = community._id;
  const teacher = await registerPerson(services, plan.teacher);
  await services.authors.join(teacher, { userId: teacher._id, communityId, registrationKey: managerRegistrationKey });
  // Pupils arrive eight at a time, as a class does on its first morning (and so the group commit has company).
  const pupils: UserDocument[] = [];
  for (let first = 0; first < plan.pupils.length; first += 8) {
    const arriving = plan.pupils.slice(first, first + 8).map(async (person) => {
      const pupil = await registerPerson(services, person);
      await services.authors.join(pupil, { userId: pupil._id, communityId, registrationKey });
      return pupil;
    });
    pupils.push(...(await Promise.all(arriving)));
  }
  const scaffolds = await services.communities.scaffolds(teacher, communityId);
  const supports = (scaffolds[0]?.supports ?? []).map((s) => ({ supportId: s._id, title: s.title }));
  return { plan, communityId, teacher, pupils, viewIds: [], supports, notes: [] };
};

const actorUser = (state: ClassState, actor: Actor): UserDocument => {
  const user = actor < 0 ? state.teacher : state.pupils[actor];
  if (!user) throw new RangeError(`no pupil ${actor} in class ${state.plan.index}`);
  return user;
};

/** Each note's text comes from its own seed, so a note reads the same whatever else the plan holds. */
const noteRandom = (state: ClassState, note: number) => seededRandom((state.plan.seed ^ Math.imul(note + 1, 2_654_435_761)) >>> 0);

const playAction = async (services: SeedServices, state: ClassState, action: Action): Promise<void> => {
  switch (action.kind) {
    case 'view': {
      const topic = topics[state.plan.views[action.view] ?? 0] ?? topics[0];
      const view = await services.canvas.createView(state.teacher, state.communityId, { title: topic.view });
      state.viewIds[action.view] = view._id;
      return;
    }
    case 'note': {
      const user = actorUser(state, action.author);
      const viewId = state.viewIds[action.view];
      if (!viewId) throw new RangeError(`view ${action.view} of class ${state.plan.index} is not open yet`);
      const parent = action.buildsOn === null ? null : state.notes[action.buildsOn];
      const created = await services.canvas.createContribution(user, state.communityId, {
        type: 'Note',
        ...(parent ? { buildsOn: parent.id, workingViewId: viewId } : { placement: { viewId, x: action.x, y: action.y } }),
      });
      const id = created.contribution._id;
      const random = noteRandom(state, action.note);
      const topic = topics[state.plan.views[action.view] ?? 0] ?? topics[0];
      const support = action.scaffolded && state.supports.length > 0 ? random.pick(state.supports) : null;
      const body = support ? scaffoldedBody(random, topic, action.sentences, support) : noteBody(random, topic, action.sentences);
      const saved = await services.objects.save(user, state.communityId, id, {
        revision: 0,
        title: noteTitle(random, topic),
        body,
        status: 'active',
      });
      state.notes[action.note] = { id, refId: created.refs.find((r) => r.from === viewId)?._id ?? null, viewId, revision: saved.revision };
      return;
    }
    case 'read': {
      const note = state.notes[action.note];
      if (note) await services.canvas.markRead(actorUser(state, action.reader), state.communityId, note.id);
      return;
    }
    case 'edit': {
      const note = state.notes[action.note];
      const author = state.plan.noteAuthors[action.note];
      if (!note || author === undefined) return;
      const random = noteRandom(state, action.note + 1_000_000);
      const topic = topics[state.plan.views[0] ?? 0] ?? topics[0];
      const current = await services.objects.get(actorUser(state, author), note.id);
      const saved = await services.objects.save(actorUser(state, author), state.communityId, note.id, {
        revision: note.revision,
        title: current.title,
        body: noteBody(random, topic, random.int(2, 7)),
      });
      note.revision = saved.revision;
      return;
    }
    case 'move': {
      const note = state.notes[action.note];
      if (!note?.refId) return;
      await services.canvas.updateRefs(state.teacher, note.viewId, [{ linkId: note.refId, data: { x: action.x, y: action.y } }]);
      return;
    }
  }
};

/** Plays one school day of a class, its actions in order (a read follows the note it reads). */
export const playDay = async (services: SeedServices, state: ClassState, day: number, afterEach?: () => void): Promise<number> => {
  const actions = state.plan.days[day] ?? [];
  for (const action of actions) {
    await playAction(services, state, action);
    afterEach?.();
  }
  return actions.length;
};

export type { ClassState };
