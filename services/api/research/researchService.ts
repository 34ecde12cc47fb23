import type { ResearchEventsReply, ResearchReadsReply, ResearchSnapshotReply } from '../../../contracts/api/research.ts';
import { msg } from '../../../contracts/messageCodes.ts';
import { authorsCollectionName, type AuthorDocument } from '../../../projections/authors/index.ts';
import { contributionsCollectionName, type ContributionDocument } from '../../../projections/contributions/index.ts';
import type { UserDocument } from '../../../projections/users/index.ts';
import type { EventStore } from '../../core/eventStore.ts';
import { ForbiddenError } from '../../core/errors.ts';
import type { ReadStore } from '../../core/readStore.ts';
import { mayUseResearchApi, seesRealNamesInResearch } from '../../domain/access/researcher.ts';
import type { CommunityAccess } from '../communities/access.ts';
import { peopleOf, researchKey, type People } from '../../domain/research/pseudonyms.ts';
import { pseudonymOf } from './pseudonymOf.ts';
import { eventsPage, readsPage, type CommunityStreams } from './queries/logPages.ts';
import { communitySnapshot } from './queries/snapshot.ts';

export type ResearchServiceDeps = {
  eventStore: EventStore;
  readStore: ReadStore;
  access: CommunityAccess;
  /** The server's secret: the key of the pseudonyms when no study secret is configured. */
  secret: string;
  /** The study secret (BUILDON_STUDY_SECRET): the key of the pseudonyms, the same as a research export's. */
  studySecret?: string | null;
};

/**
 * The research API (issue 24 §5): read-only, for a community's researchers,
 * managers and admins. Researchers see every person as a pseudonym; managers
 * and admins see ids as they are. Thin facade over queries/.
 */
export class ResearchService {
  /** The key of this server's pseudonyms (services/domain/research/pseudonyms.ts `researchKey`): the KBDeX route's too. */
  readonly pseudonymKey: string;

  constructor(private readonly deps: ResearchServiceDeps) {
    this.pseudonymKey = researchKey({ studySecret: deps.studySecret, serverSecret: deps.secret });
  }

  private async gate(user: UserDocument, communityId: string): Promise<{ people: People; members: AuthorDocument[] }> {
    const grant = await this.deps.access.member(user, communityId);
    if (!mayUseResearchApi(grant.role)) throw new ForbiddenError(msg('community.researchOnly'));
    const members = await this.deps.readStore.collection<AuthorDocument>(authorsCollectionName).find({ communityId });
    const people = peopleOf({
      pseudonymOf: (userId) => pseudonymOf(this.pseudonymKey, userId),
      members,
      pseudonymise: !seesRealNamesInResearch(grant.role),
    });
    return { people, members };
  }

  private async streams(communityId: string, members: readonly AuthorDocument[]): Promise<CommunityStreams> {
    const contributions = await this.deps.readStore.collection<ContributionDocument>(contributionsCollectionName).find({ communityId });
    return {
      communityId,
      contributionIds: new Set(contributions.map((contribution) => contribution._id)),
      authorIds: new Set(members.map((member) => member._id)),
    };
  }

  async snapshot(user: UserDocument, communityId: string, at: number): Promise<ResearchSnapshotReply> {
    const { people } = await this.gate(user, communityId);
    return communitySnapshot(this.deps.readStore, { communityId, at, people });
  }

  async reads(
    user: UserDocument,
    communityId: string,
    query: { after: number; limit: number; from?: number; to?: number },
  ): Promise<ResearchReadsReply> {
    const { people, members } = await this.gate(user, communityId);
    return readsPage(this.deps.eventStore, { streams: await this.streams(communityId, members), people, ...query });
  }

  async events(user: UserDocument, communityId: string, query: { after: number; limit: number }): Promise<ResearchEventsReply> {
    const { people, members } = await this.gate(user, communityId);
    return eventsPage(this.deps.eventStore, { streams: await this.streams(communityId, members), people, ...query });
  }
}
