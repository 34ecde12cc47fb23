import {
  aiExplainMinWords,
  type AiMode,
  type SpellCheckBody,
  type SpellCheckChunk,
  type SpellCheckQuery,
} from '../../../contracts/api/ai.ts';
import { aiRequestStreamName, type AiHelpRequested } from '../../../contracts/events/ai.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { canRead } from '../../../contracts/permissions.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { CommandDeps } from '../../core/commandDeps.ts';
import { ForbiddenError, NotFoundError, ServiceUnavailableError, ValidationError } from '../../core/errors.ts';
import { pluginEnabled } from '../../domain/community/plugins.ts';
import { WritingHelpError, type WritingHelper, type WritingTask } from '../../integrations/ai/writingHelper.ts';
import type { CommunityAccess, CommunityAccessGrant } from '../communities/access.ts';
import { accessObject, objectCollections, subjectOf } from '../objects/objectAccess.ts';

export type WritingHelpDeps = CommandDeps & {
  access: CommunityAccess;
  /** The offline quick spell-check, always there. */
  offline: WritingHelper;
  /** The chat-completions adapter; null when BUILDON_AI_URL is not set. */
  chat: WritingHelper | null;
};

/** A request that passed every check: what to ask whom, and what to log. */
export type PreparedRequest = {
  mode: AiMode;
  task: WritingTask;
  helper: WritingHelper;
  userId: string;
  communityId: string;
  contributionId: string | null;
  /** The community keeps the texts sent in its log (its `aiLogText` plugin). */
  keepText: boolean;
};

/** The mode a query asks for (KF6's `gpt4` is the full correction, `davinci` the adult explanation). */
export const modeOf = (query: SpellCheckQuery): AiMode => {
  if ((query.spell === undefined) === (query.explain === undefined)) throw ValidationError.field('spell', msg('ai.modeRequired'));
  if (query.spell === 'quick') return 'quick';
  if (query.spell) return 'full';
  if (query.explain === 'turboExplain') return 'explain1';
  if (query.explain === 'turboExplain2') return 'explain2';
  return 'explain3';
};

const taskOf = (mode: AiMode, text: string, language: 'fr' | 'en'): WritingTask => {
  if (mode === 'quick') return { kind: 'spell', text, language };
  if (mode === 'full') return { kind: 'correct', text };
  return { kind: 'explain', text, level: mode === 'explain1' ? 1 : mode === 'explain2' ? 2 : 3 };
};

/**
 * Writing help (issue 18 §3; spec part 1 §7): POST /api/ai/spellCheck. `prepare` does every check
 * before anything is streamed (a member of the community, able to read the note named, the mode
 * configured, an explanation long enough); `run` streams the answer as KF6's `{partial}` chunks,
 * then `{final: true}`, and logs the request as an event whatever its outcome. The caller is the
 * token's user: the body's `kf_user_id` and `token` (which the original trusted) are ignored.
 */
export class WritingHelp {
  constructor(private readonly deps: WritingHelpDeps) {}

  async prepare(user: UserDocument, query: SpellCheckQuery, body: SpellCheckBody): Promise<PreparedRequest> {
    const mode = modeOf(query);
    const communityId = body.params.community_id;
    const grant = await this.deps.access.member(user, communityId);
    const contributionId = body.params.contribution_id ?? null;
    if (contributionId) await this.readableIn(grant, contributionId);
    const text = body.text;
    if (mode.startsWith('explain') && text.trim().split(/\s+/).filter(Boolean).length < aiExplainMinWords) {
      throw ValidationError.field('text', msg('ai.tooShort', { words: aiExplainMinWords }));
    }
    const helper = mode === 'quick' ? this.deps.offline : this.deps.chat;
    if (!helper) throw new ServiceUnavailableError('ai', 60, { message: msg('ai.notConfigured', { mode }) });
    const context = await objectCollections(this.deps).contributions.get(grant.community.rootContextId);
    return {
      mode,
      task: taskOf(mode, text, body.params.language ?? 'fr'),
      helper,
      userId: user._id,
      communityId,
      contributionId,
      keepText: pluginEnabled(context?.data, 'aiLogText'),
    };
  }

  /** The answer's chunks; the request is logged once the answer ends, fails or the caller leaves. */
  async *run(request: PreparedRequest, signal?: AbortSignal, remainingRequests: number | null = null): AsyncGenerator<SpellCheckChunk> {
    const started = Date.now();
    let status: number | null = null;
    let outcome: 'ok' | 'failed' = 'failed';
    try {
      for await (const partial of request.helper.stream(request.task, signal)) yield { partial };
      outcome = 'ok';
      yield { final: true, remainingRequests };
    } catch (error) {
      status = error instanceof WritingHelpError ? error.status : 0;
      if (!signal?.aborted) yield { error: msg('ai.failed').code, status: status || 502 };
    } finally {
      await this.log(request, { outcome, status, durationMs: Date.now() - started });
    }
  }

  private async readableIn(grant: CommunityAccessGrant, contributionId: string): Promise<void> {
    const doc = await objectCollections(this.deps).contributions.get(contributionId);
    if (!doc || doc.communityId !== grant.community._id) throw new NotFoundError(msg('objects.notFound'));
    if (!canRead(subjectOf(grant), await accessObject(this.deps, doc))) throw new ForbiddenError();
  }

  private async log(request: PreparedRequest, result: { outcome: 'ok' | 'failed'; status: number | null; durationMs: number }) {
    const requestId = this.deps.ids.next();
    const event: AiHelpRequested = {
      type: 'AiHelpRequested',
      data: {
        requestId,
        userId: request.userId,
        communityId: request.communityId,
        contributionId: request.contributionId,
        mode: request.mode,
        size: request.task.text.length,
        durationMs: result.durationMs,
        outcome: result.outcome,
        status: result.status,
        text: request.keepText ? request.task.text : null,
      },
    };
    const appended = await this.deps.eventStore.append(
      aiRequestStreamName(requestId),
      [{ ...event, metadata: { actorId: request.userId, at: this.deps.clock.now().toISOString() } }],
      { expectedRevision: 'no_stream' },
    );
    await this.deps.projections.waitFor(appended.lastPosition);
  }
}
