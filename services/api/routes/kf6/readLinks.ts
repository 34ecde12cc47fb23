import type { CanvasReader } from '../../canvas/canvasReader.ts';

/**
 * A member's reads of `ids` as the original's read links (KLink type `read`,
 * from the member's author to the contribution, `modified` = last read):
 * what `records/myreadstatus*` answer and the `linkfrom:{authorId}` socket
 * room pushes. Only ever the member's own reads.
 */
export const kf6ReadLinks = async (canvasReader: CanvasReader, authorId: string, communityId: string, ids: readonly string[]) => {
  const reads = await canvasReader.readsOf(authorId, ids);
  return ids.flatMap((id) => {
    const read = reads.get(id);
    return read
      ? [
          {
            _id: read._id,
            communityId,
            from: authorId,
            to: id,
            type: 'read' as const,
            data: { count: read.count },
            created: read.first,
            modified: read.last,
          },
        ]
      : [];
  });
};
