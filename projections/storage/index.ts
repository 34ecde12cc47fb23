import type { AttachmentUploaded, ContributionCreated } from '../../contracts/events/contribution.ts';
import type { RecordedEvent } from '../../contracts/events/event.ts';
import { evolveDocument, type Projection, type Versioned } from '../../services/core/projection.ts';

/**
 * Issue 17 §5: the bytes of file storage each community holds, for its upload
 * quota (BUILDON_COMMUNITY_QUOTA_MB). Every version of every attachment
 * counts: versions are kept (the history and the time machine show them) and
 * no file is ever deleted, so the total only grows, one upload at a time. An
 * upload reads one document instead of summing a community's files.
 */
export type CommunityStorageDocument = Versioned & {
  /** The community id. */
  _id: string;
  bytes: number;
  /** Versions stored (uploads). */
  files: number;
};

/** Which community an attachment belongs to: its upload events name only the attachment. */
export type AttachmentCommunityDocument = { _id: string; communityId: string };

export const communityStorageCollectionName = 'communityStorage';
export const attachmentCommunitiesCollectionName = 'attachmentCommunities';

export const storageProjection: Projection = {
  name: 'storage',
  version: 1,
  collections: [{ name: communityStorageCollectionName }, { name: attachmentCommunitiesCollectionName }],
  handles: ['ContributionCreated', 'AttachmentUploaded'],
  apply: async (event, context) => {
    if (event.type === 'ContributionCreated') {
      const { contributionId, communityId, type } = (event as RecordedEvent<ContributionCreated>).data;
      if (type !== 'Attachment') return;
      await context.collection<AttachmentCommunityDocument>(attachmentCommunitiesCollectionName).put({ _id: contributionId, communityId });
      return;
    }
    const { contributionId, size } = (event as RecordedEvent<AttachmentUploaded>).data;
    const attachment = await context.collection<AttachmentCommunityDocument>(attachmentCommunitiesCollectionName).get(contributionId);
    // An upload always follows its attachment's creation (the decider checks it); skipped, never thrown, otherwise.
    if (!attachment) return;
    const bytes = Number.isFinite(size) && size > 0 ? size : 0;
    // Applying the same upload twice changes nothing: the document remembers the last event it counted.
    await evolveDocument(
      context.collection<CommunityStorageDocument>(communityStorageCollectionName),
      attachment.communityId,
      event,
      (current) => ({
        _id: attachment.communityId,
        bytes: (current?.bytes ?? 0) + bytes,
        files: (current?.files ?? 0) + 1,
      }),
    );
  },
};
