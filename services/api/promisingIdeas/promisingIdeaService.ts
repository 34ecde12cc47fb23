import type {
  CreatePiPoolBody,
  CreatePromisingIdeaBody,
  EditPromisingIdeaBody,
  PromisingIdeasQuery,
} from '../../../contracts/api/promisingIdeas.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import type { CanvasReader } from '../canvas/canvasReader.ts';
import { createIdea } from './createIdea.ts';
import { createPool } from './createPool.ts';
import { deleteIdea } from './deleteIdea.ts';
import { editIdea } from './editIdea.ts';
import { listIdeas } from './listIdeas.ts';
import type { PromisingIdeaDeps } from './shared.ts';

/**
 * Promising ideas (issue 14 §3), one use case per file: binds them to their
 * dependencies for the routes and holds no logic.
 */
export class PromisingIdeaService {
  constructor(private readonly deps: PromisingIdeaDeps) {}

  create = (user: UserDocument, communityId: string, noteId: string, body: CreatePromisingIdeaBody) =>
    createIdea(this.deps, user, communityId, noteId, body);
  list = (user: UserDocument, communityId: string, query: PromisingIdeasQuery) => listIdeas(this.deps, user, communityId, query);
  edit = (user: UserDocument, ideaId: string, body: EditPromisingIdeaBody) => editIdea(this.deps, user, ideaId, body);
  remove = (user: UserDocument, ideaId: string) => deleteIdea(this.deps, user, ideaId);
  pool = (user: UserDocument, communityId: string, body: CreatePiPoolBody) => createPool(this.deps, user, communityId, body);
}

const instances = new WeakMap<object, PromisingIdeaService>();

/** The promising-idea use cases over the app's command deps and canvas reader (one per app). */
export const promisingIdeaServiceFor = (services: { commandDeps: CommandDeps; canvasReader: CanvasReader }): PromisingIdeaService => {
  let service = instances.get(services);
  if (!service) {
    service = new PromisingIdeaService({ ...services.commandDeps, reader: services.canvasReader });
    instances.set(services, service);
  }
  return service;
};
