import type { ItmThread, ItmThreadsReply } from '../../../contracts/api/itm.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { canRead, canWrite } from '../../../contracts/permissions.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import type { JobQueue } from '../../core/jobQueue.ts';
import { ForbiddenError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../core/errors.ts';
import { pluginEnabled } from '../../domain/community/plugins.ts';
import { ItmError, type ItmClient } from '../../integrations/itm/itmClient.ts';
import { itmServerOf } from '../../integrations/itm/itmSettings.ts';
import type { CommunityAccess, CommunityAccessGrant } from '../communities/access.ts';
import { accessObject, objectCollections, subjectOf } from '../objects/objectAccess.ts';
import type { ItmCall } from './itmCalls.ts';
import { itmCallJobName } from './itmJobs.ts';

export type ItmThreadsDeps = Pick<CommandDeps, 'readStore'> & { access: CommunityAccess; client: ItmClient | null; queue: JobQueue };

/** ITM's project list (`project/get_by_user_id`, `project/get_by_note_id`): projects with their threads. */
type ItmProjects = { id?: unknown; name?: unknown; threads?: { id?: unknown; name?: unknown }[] }[];

const threadsOf = (projects: ItmProjects | undefined): ItmThread[] =>
  (Array.isArray(projects) ? projects : []).flatMap((project) =>
    (project.threads ?? [])
      .map((thread) => ({
        id: Number(thread.id),
        title: typeof thread.name === 'string' ? thread.name : '',
        projectId: Number(project.id),
        projectTitle: typeof project.name === 'string' ? project.name : '',
      }))
      .filter((thread) => Number.isInteger(thread.id) && Number.isInteger(thread.projectId)),
  );

/** ITM's failure as the user's: 503 with the spec's "try later", the cause kept for the log. */
const unavailable = (error: unknown): never => {
  if (error instanceof ItmError) throw new ServiceUnavailableError('itm', 30, { cause: error, message: msg('itm.failed') });
  throw error;
};

/**
 * The contribution window's Thread tab (issue 18 §7; spec part 1 §2: only when
 * the ITM plugin is on and the type is Note): the ITM threads of the caller's
 * projects, those holding the note, and adding the note to one. Reading needs
 * the note's read permission; adding needs its write permission.
 */
export class ItmThreads {
  constructor(private readonly deps: ItmThreadsDeps) {}

  /** Whether ITM is configured here and on in the community (any member may ask). */
  async status(user: UserDocument, communityId: string): Promise<{ configured: boolean; enabled: boolean }> {
    const grant = await this.deps.access.member(user, communityId);
    const configured = this.deps.client !== null;
    return { configured, enabled: configured && (await this.contextOf(grant)).on };
  }

  async threads(user: UserDocument, communityId: string, noteId: string): Promise<ItmThreadsReply> {
    const { grant, server, client } = await this.note(user, communityId, noteId, canRead);
    const fields = { kf_user_id: grant.author?._id ?? null };
    const [mine, holding] = await Promise.all([
      client.iius<ItmProjects>(server, '/IIUSs/project/get_by_user_id', communityId, fields),
      // ITM answers `failure` for a note in no thread: that is an empty list, not an error.
      client.iius<ItmProjects>(server, '/IIUSs/project/get_by_note_id', communityId, { note_id: noteId }).catch((error: unknown) => {
        if (error instanceof ItmError && error.refused) return [];
        throw error;
      }),
    ]).catch(unavailable);
    return { threads: threadsOf(mine), noteThreads: threadsOf(holding).map((thread) => thread.id) };
  }

  async addToThread(user: UserDocument, communityId: string, noteId: string, threadId: number): Promise<ItmThreadsReply> {
    const { grant, server, client, doc } = await this.note(user, communityId, noteId, canWrite);
    const before = await this.threads(user, communityId, noteId);
    if (!before.threads.some((thread) => thread.id === threadId)) throw ValidationError.field('threadId', msg('itm.unknownThread'));
    await client
      .iius(server, '/IIUSs/thread/note/add', communityId, {
        kf_user_id: grant.author?._id ?? null,
        thread_id: threadId,
        note_id: noteId,
        title: doc.title,
        create_time: doc.created,
        modified_time: doc.modified,
        authors: doc.authors,
      })
      .catch(unavailable);
    // The thread's readers are told to refresh, as after a save: a job, its failure only logged.
    const thread = before.threads.find((each) => each.id === threadId);
    const refresh: ItmCall = {
      kind: 'wsg',
      server,
      communityId,
      path: '/ITM3/msg/broadcast',
      fields: {
        uid: grant.author?._id ?? null,
        project: thread?.projectId,
        thread: threadId,
        note_id: noteId,
        action: 'refresh',
        message: 'A new note has been created',
      },
    };
    await this.deps.queue.add(itmCallJobName, refresh, { attempts: client.settings.attempts, backoffMs: client.settings.backoffMs });
    return { threads: before.threads, noteThreads: [...new Set([...before.noteThreads, threadId])] };
  }

  private async contextOf(grant: CommunityAccessGrant) {
    const context = await objectCollections(this.deps).contributions.get(grant.community.rootContextId);
    const data = context?.data as { settings?: unknown } | undefined;
    return { on: pluginEnabled(context?.data, 'itm'), settings: data?.settings };
  }

  /** The note, checked: ITM configured, the plugin on, a Note of this community the caller may read (or write). */
  private async note(user: UserDocument, communityId: string, noteId: string, allowed: typeof canRead) {
    const { client } = this.deps;
    if (!client) throw new NotFoundError(msg('itm.notConfigured'));
    const grant = await this.deps.access.member(user, communityId);
    const doc = await objectCollections(this.deps).contributions.get(noteId);
    if (!doc || doc.communityId !== communityId || doc.status === 'inactive') throw new NotFoundError(msg('objects.notFound'));
    if (!allowed(subjectOf(grant), await accessObject(this.deps, doc))) throw new ForbiddenError();
    const context = await this.contextOf(grant);
    if (!context.on) throw new ForbiddenError(msg('itm.pluginOff'));
    if (doc.type !== 'Note') throw ValidationError.field('noteId', msg('itm.notANote'));
    return { grant, doc, client, server: itmServerOf(client.settings, context.settings) };
  }
}
