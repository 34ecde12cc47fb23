import { describe, expect, it } from 'vitest';
import { ObjectMessages } from '../../../contracts/catalogs/objects.ts';
import { descriptionMaxLength } from '../../../contracts/api/objects.ts';
import type { ContributionCreated, ContributionEvent, NoteContent } from '../../../contracts/events/contribution.ts';
import { deciderSpec } from '../../../tests/support/deciderSpec.ts';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../core/errors.ts';
import { contributionDecider } from './contribution.decide.ts';
import { evolveContribution, initialContributionState } from './contribution.ts';

const spec = deciderSpec(contributionDecider);
const id = '64c000000000000000000001';
const communityId = '64c0000000000000000000c1';
const primary = '64c0000000000000000000a1';
const coauthor = '64c0000000000000000000a2';
const support1 = '64c0000000000000000000b1';
const support2 = '64c0000000000000000000b2';
const cited = '64c0000000000000000000d1';
const user = '64c0000000000000000000e1';

const created = (overrides: Partial<ContributionCreated['data']> = {}): ContributionCreated => ({
  type: 'ContributionCreated',
  data: {
    contributionId: id,
    communityId,
    type: 'Note',
    title: '',
    status: 'unsaved',
    permission: 'protected',
    authors: [primary],
    group: null,
    data: {},
    ...overrides,
  },
});
const activeNote = created({ status: 'active', title: 'Old' });

/** Ids l1, l2 … as 24-hex strings. */
const ids = () => {
  let n = 0;
  return () => `00000000000000000000000${++n}`.slice(-24);
};
const linkId = (n: number) => `00000000000000000000000${n}`.slice(-24);

const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (value: string) => ({ type: 'text', text: value });
const supportNode = (supportId: string, words: string, link: string | null = null) => ({
  type: 'support',
  attrs: { supportId, linkId: link, title: 'My theory' },
  content: [text(words)],
});
const referenceNode = (contributionId: string, quote: string, link: string | null = null) => ({
  type: 'reference',
  attrs: { contributionId, quote, title: 'Cited', authors: 'A', linkId: link },
});
const doc = (...content: unknown[]) => ({ type: 'doc', content });

const content = (body: Record<string, unknown>, overrides: Partial<NoteContent> = {}) => ({
  title: 'Sun',
  body,
  keywords: ['light'],
  wordCount: 2,
  text4search: '( Sun ) hot sun ( light )',
  ...overrides,
});

const save = (body: Record<string, unknown>, overrides: Partial<NoteContent> = {}) => ({
  type: 'SaveNote' as const,
  data: { ...content(body, overrides), newId: ids() },
});

describe('note content', () => {
  describe('When the note is unsaved', () => {
    it('contributes it: one NoteContributed event with the trimmed title', () => {
      const body = doc(paragraph(text('hot sun')));
      spec
        .given([created()])
        .when(save(body, { title: '  Sun  ' }))
        .then([{ type: 'NoteContributed', data: { contributionId: id, ...content(body) } }]);
    });

    it('refuses an empty title with title_required on the field title', () => {
      const error = spec
        .given([created()])
        .when(save(doc(), { title: '   ' }))
        .thenThrows(ValidationError, ObjectMessages.titleRequired);
      expect((error as ValidationError).errors).toEqual([
        { field: 'title', message: 'title_required', messageCode: 'objects.titleRequired' },
      ]);
    });

    it('is active after contributing', () => {
      const body = doc(paragraph(text('x')));
      const state = [created(), { type: 'NoteContributed', data: { contributionId: id, ...content(body) } } as ContributionEvent].reduce(
        evolveContribution,
        initialContributionState(),
      );
      expect(state.status === 'created' && state.contributionStatus).toBe('active');
    });
  });

  describe('When the note is active', () => {
    it('saves a change as NoteSaved', () => {
      const body = doc(paragraph(text('new')));
      spec
        .given([activeNote])
        .when(save(body))
        .then([{ type: 'NoteSaved', data: { contributionId: id, ...content(body) } }]);
    });

    it('writes nothing when title, body and keywords are unchanged', () => {
      const body = doc(paragraph(text('same')));
      const saved: ContributionEvent = { type: 'NoteSaved', data: { contributionId: id, ...content(body) } };
      spec.given([activeNote, saved]).when(save(body)).thenNothingHappens();
    });

    it('refuses a body on anything but a note', () => {
      spec
        .given([created({ type: 'Drawing' })])
        .when(save(doc()))
        .thenThrows(IllegalStateError, ObjectMessages.notANote);
    });
  });

  describe('supports and references become links from the note, in the same append', () => {
    it('creates a supports link per support node and a references link per reference node, writing their ids into the body', () => {
      const body = doc(paragraph(supportNode(support1, 'because'), referenceNode(cited, 'a quote')));
      const expectedBody = doc(paragraph(supportNode(support1, 'because', linkId(1)), referenceNode(cited, 'a quote', linkId(2))));
      spec
        .given([activeNote])
        .when(save(body))
        .then([
          { type: 'NoteSaved', data: { contributionId: id, ...content(expectedBody) } },
          {
            type: 'LinkCreated',
            data: { linkId: linkId(1), communityId, from: id, to: support1, type: 'supports', data: { supportId: support1 } },
          },
          {
            type: 'LinkCreated',
            data: { linkId: linkId(2), communityId, from: id, to: cited, type: 'references', data: { text: 'a quote' } },
          },
        ]);
    });

    it('keeps the links of nodes that still carry their link id, and unlinks removed ones', () => {
      const l1: ContributionEvent = {
        type: 'LinkCreated',
        data: { linkId: linkId(7), communityId, from: id, to: support1, type: 'supports', data: { supportId: support1 } },
      };
      const l2: ContributionEvent = {
        type: 'LinkCreated',
        data: { linkId: linkId(8), communityId, from: id, to: support2, type: 'supports', data: { supportId: support2 } },
      };
      const r1: ContributionEvent = {
        type: 'LinkCreated',
        data: { linkId: linkId(9), communityId, from: id, to: cited, type: 'references', data: { text: 'old quote' } },
      };
      const body = doc(paragraph(supportNode(support1, 'kept', linkId(7)), referenceNode(cited, 'new quote', linkId(9))));
      spec
        .given([activeNote, l1, l2, r1])
        .when(save(body))
        .then([
          { type: 'NoteSaved', data: { contributionId: id, ...content(body) } },
          { type: 'LinkUpdated', data: { linkId: linkId(9), from: id, data: { text: 'new quote' } } },
          { type: 'LinkDeleted', data: { linkId: linkId(8), from: id } },
        ]);
    });

    it('keeps the link of a support while the words written inside it change (issue 21 §3), and links an empty support', () => {
      const l1: ContributionEvent = {
        type: 'LinkCreated',
        data: { linkId: linkId(7), communityId, from: id, to: support1, type: 'supports', data: { supportId: support1 } },
      };
      const rewritten = doc(paragraph(supportNode(support1, "parce que l'eau s'évapore au soleil", linkId(7))));
      spec
        .given([activeNote, l1])
        .when(save(rewritten))
        .then([{ type: 'NoteSaved', data: { contributionId: id, ...content(rewritten) } }]);
      const empty = { type: 'support', attrs: { supportId: support2, linkId: null, title: 'New Information' } };
      const withEmpty = doc(paragraph(supportNode(support1, 'autre chose', linkId(7)), empty));
      const events = contributionDecider.decide(save(withEmpty), [activeNote, l1].reduce(evolveContribution, initialContributionState()));
      expect(events.filter((e) => e.type === 'LinkCreated').map((e) => e.type === 'LinkCreated' && e.data.to)).toEqual([support2]);
      expect(events.some((e) => e.type === 'LinkDeleted')).toBe(false);
    });

    it('does not let a node claim a link of another support or a link twice', () => {
      const l1: ContributionEvent = {
        type: 'LinkCreated',
        data: { linkId: linkId(7), communityId, from: id, to: support1, type: 'supports', data: { supportId: support1 } },
      };
      const body = doc(
        paragraph(supportNode(support2, 'other', linkId(7)), supportNode(support1, 'a', linkId(7)), supportNode(support1, 'b', linkId(7))),
      );
      const events = contributionDecider.decide(save(body), [activeNote, l1].reduce(evolveContribution, initialContributionState()));
      const createdLinks = events.filter((e) => e.type === 'LinkCreated').map((e) => e.type === 'LinkCreated' && e.data.to);
      expect(createdLinks).toEqual([support2, support1]);
      expect(events.some((e) => e.type === 'LinkDeleted')).toBe(false);
    });
  });
});

describe('drawings', () => {
  const drawing = created({ type: 'Drawing', title: 'Un dessin', data: { svg: '<svg/>' } });

  it('contributes on the first save and becomes active', () => {
    spec
      .given([drawing])
      .when({ type: 'SaveDrawing', data: { title: 'Sun', svg: '<svg><g/></svg>' } })
      .then([{ type: 'DrawingSaved', data: { contributionId: id, title: 'Sun', svg: '<svg><g/></svg>', contributed: true } }]);
  });

  it('saves later changes without contributing again, nothing when unchanged', () => {
    const first: ContributionEvent = { type: 'DrawingSaved', data: { contributionId: id, title: 'Sun', svg: '<svg/>', contributed: true } };
    spec
      .given([drawing, first])
      .when({ type: 'SaveDrawing', data: { title: 'Sun', svg: '<svg><g/></svg>' } })
      .then([{ type: 'DrawingSaved', data: { contributionId: id, title: 'Sun', svg: '<svg><g/></svg>', contributed: false } }]);
    spec
      .given([drawing, first])
      .when({ type: 'SaveDrawing', data: { title: 'Sun', svg: '<svg/>' } })
      .thenNothingHappens();
  });

  it('requires a title and a drawing', () => {
    spec
      .given([drawing])
      .when({ type: 'SaveDrawing', data: { title: '', svg: '<svg/>' } })
      .thenThrows(ValidationError, 'title_required');
    spec
      .given([activeNote])
      .when({ type: 'SaveDrawing', data: { title: 'x', svg: '<svg/>' } })
      .thenThrows(IllegalStateError);
  });
});

describe('descriptions (issue 25 §4)', () => {
  const drawing = created({ type: 'Drawing', title: 'Un dessin', data: { svg: '<svg/>' } });
  const described: ContributionEvent = { type: 'ContributionDescribed', data: { contributionId: id, description: 'Un soleil' } };

  it('a drawing or an attachment takes a description, trimmed; nothing when unchanged', () => {
    spec
      .given([drawing])
      .when({ type: 'DescribeContribution', data: { description: '  Un soleil ' } })
      .then([described]);
    spec
      .given([drawing, described])
      .when({ type: 'DescribeContribution', data: { description: 'Un soleil' } })
      .thenNothingHappens();
    spec
      .given([drawing])
      .when({ type: 'DescribeContribution', data: { description: '' } })
      .thenNothingHappens();
    spec
      .given([created({ type: 'Attachment' })])
      .when({ type: 'DescribeContribution', data: { description: 'Une photo' } })
      .then([{ type: 'ContributionDescribed', data: { contributionId: id, description: 'Une photo' } }]);
  });

  it('is kept in data.description, and emptied', () => {
    const state = [drawing, described].reduce(evolveContribution, initialContributionState());
    expect(state.status === 'created' && state.data.description).toBe('Un soleil');
    spec
      .given([drawing, described])
      .when({ type: 'DescribeContribution', data: { description: '' } })
      .then([{ type: 'ContributionDescribed', data: { contributionId: id, description: '' } }]);
  });

  it('a note has none; a description is plain text of at most 1000 characters (400 naming the field)', () => {
    spec
      .given([activeNote])
      .when({ type: 'DescribeContribution', data: { description: 'x' } })
      .thenThrows(ValidationError, ObjectMessages.notDescribable);
    spec
      .given([drawing])
      .when({ type: 'DescribeContribution', data: { description: 'é'.repeat(descriptionMaxLength + 1) } })
      .thenThrows(ValidationError);
    spec
      .given([drawing])
      .when({ type: 'DescribeContribution', data: { description: ' Un\u0007 soleil ' } })
      .then([{ type: 'ContributionDescribed', data: { contributionId: id, description: 'Un soleil' } }]);
  });
});

describe('properties and authors', () => {
  it('changes the permission and group, nothing when the same', () => {
    spec
      .given([activeNote])
      .when({ type: 'ChangePermission', data: { permission: 'private', group: support1 } })
      .then([{ type: 'PermissionChanged', data: { contributionId: id, permission: 'private', group: support1 } }]);
    spec
      .given([activeNote])
      .when({ type: 'ChangePermission', data: { permission: 'protected', group: null } })
      .thenNothingHappens();
  });

  it('adds a co-author once: already included', () => {
    const added: ContributionEvent = { type: 'CoauthorAdded', data: { contributionId: id, authorId: coauthor } };
    spec
      .given([activeNote])
      .when({ type: 'AddCoauthor', data: { authorId: coauthor } })
      .then([added]);
    spec
      .given([activeNote, added])
      .when({ type: 'AddCoauthor', data: { authorId: coauthor } })
      .thenThrows(ConflictError, 'already included');
    spec
      .given([activeNote])
      .when({ type: 'AddCoauthor', data: { authorId: primary } })
      .thenThrows(ConflictError, 'already included');
  });

  it('removes a co-author but never the primary author', () => {
    const added: ContributionEvent = { type: 'CoauthorAdded', data: { contributionId: id, authorId: coauthor } };
    spec
      .given([activeNote, added])
      .when({ type: 'RemoveCoauthor', data: { authorId: coauthor } })
      .then([{ type: 'CoauthorRemoved', data: { contributionId: id, authorId: coauthor } }]);
    spec
      .given([activeNote, added])
      .when({ type: 'RemoveCoauthor', data: { authorId: primary } })
      .thenThrows(ValidationError, 'cannot remove the Primary Author');
    spec
      .given([activeNote])
      .when({ type: 'RemoveCoauthor', data: { authorId: coauthor } })
      .thenThrows(NotFoundError);
  });
});

describe('favourites', () => {
  const added: ContributionEvent = { type: 'FavouriteAdded', data: { contributionId: id, userId: user } };

  it('adds a user once and removes it', () => {
    spec
      .given([activeNote])
      .when({ type: 'AddFavourite', data: { userId: user } })
      .then([added]);
    spec
      .given([activeNote, added])
      .when({ type: 'AddFavourite', data: { userId: user } })
      .thenNothingHappens();
    spec
      .given([activeNote, added])
      .when({ type: 'RemoveFavourite', data: { userId: user } })
      .then([{ type: 'FavouriteRemoved', data: { contributionId: id, userId: user } }]);
    spec
      .given([activeNote])
      .when({ type: 'RemoveFavourite', data: { userId: user } })
      .thenNothingHappens();
  });

  it('keeps data.favAuthors without duplicates', () => {
    const state = [activeNote, added, added].reduce(evolveContribution, initialContributionState());
    expect(state.status === 'created' && state.data.favAuthors).toEqual([user]);
  });

  it('only while active, with the spec messages', () => {
    spec
      .given([created()])
      .when({ type: 'AddFavourite', data: { userId: user } })
      .thenThrows(IllegalStateError, ObjectMessages.favouriteAddFailed);
    spec
      .given([created()])
      .when({ type: 'RemoveFavourite', data: { userId: user } })
      .thenThrows(IllegalStateError, ObjectMessages.favouriteRemoveFailed);
  });
});

describe("managers' comments (savecomments)", () => {
  const saved = (comments: string): ContributionEvent => ({ type: 'CommentsSaved', data: { contributionId: id, comments } });

  it('records a changed comment once, nothing for the same text, and removes it with an empty one', () => {
    spec
      .given([created()])
      .when({ type: 'SaveComments', data: { comments: 'Bien vu.' } })
      .then([saved('Bien vu.')]);
    spec
      .given([created(), saved('Bien vu.')])
      .when({ type: 'SaveComments', data: { comments: 'Bien vu.' } })
      .thenNothingHappens();
    spec
      .given([created(), saved('Bien vu.')])
      .when({ type: 'SaveComments', data: { comments: '' } })
      .then([saved('')]);
    spec
      .given([created()])
      .when({ type: 'SaveComments', data: { comments: '' } })
      .thenNothingHappens();
  });
});

describe('attachments', () => {
  const attachment = created({ type: 'Attachment', title: 'an Attachment', data: { version: 0 } });
  const upload = { filename: 'a.png', mime: 'image/png', size: 10, width: 4, height: 3, blobKey: 'attachments/x/1' };

  it('numbers versions from 1; the first upload makes the attachment active', () => {
    spec
      .given([attachment])
      .when({ type: 'RecordUpload', data: upload })
      .then([{ type: 'AttachmentUploaded', data: { contributionId: id, ...upload, version: 1, contributed: true } }]);
    const first: ContributionEvent = { type: 'AttachmentUploaded', data: { contributionId: id, ...upload, version: 1, contributed: true } };
    spec
      .given([attachment, first])
      .when({ type: 'RecordUpload', data: { ...upload, blobKey: 'attachments/x/2' } })
      .then([
        { type: 'AttachmentUploaded', data: { contributionId: id, ...upload, blobKey: 'attachments/x/2', version: 2, contributed: false } },
      ]);
  });

  it('refuses a file on anything but an attachment', () => {
    spec.given([activeNote]).when({ type: 'RecordUpload', data: upload }).thenThrows(IllegalStateError, ObjectMessages.notAnAttachment);
  });

  it('adds time-tagged comments to videos only, with a comment', () => {
    const video: ContributionEvent = {
      type: 'AttachmentUploaded',
      data: { contributionId: id, ...upload, mime: 'video/mp4', version: 1, contributed: true },
    };
    const comment = { commentId: linkId(5), authorId: primary, time: 12.5, comment: ' nice ' };
    spec
      .given([attachment, video])
      .when({ type: 'AddVideoComment', data: comment })
      .then([{ type: 'VideoCommentAdded', data: { contributionId: id, ...comment, comment: 'nice' } }]);
    spec
      .given([attachment, video])
      .when({ type: 'AddVideoComment', data: { ...comment, comment: ' ' } })
      .thenThrows(ValidationError, 'comment is required');
    const image: ContributionEvent = { type: 'AttachmentUploaded', data: { contributionId: id, ...upload, version: 1, contributed: true } };
    spec
      .given([attachment, image])
      .when({ type: 'AddVideoComment', data: comment })
      .thenThrows(IllegalStateError, ObjectMessages.notAVideo);
  });
});
