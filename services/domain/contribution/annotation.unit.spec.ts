import { describe, it } from 'vitest';
import { AnnotationMessages } from '../../../contracts/catalogs/annotations.ts';
import type { ContributionCreated, ContributionEvent, LinkCreated } from '../../../contracts/events/contribution.ts';
import { deciderSpec } from '../../../tests/support/deciderSpec.ts';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../core/errors.ts';
import type { CreateAnnotation } from './annotation.ts';
import { contributionDecider } from './contribution.decide.ts';

const spec = deciderSpec(contributionDecider);
const annotationId = '64c000000000000000000a01';
const noteId = '64c000000000000000000b01';
const linkId = '64c000000000000000000c01';
const communityId = '64c000000000000000000d01';
const author = '64c000000000000000000e01';
const noteText = 'Les plantes ont besoin de lumière.';

const createCommand = (overrides: Partial<CreateAnnotation['data']> = {}): CreateAnnotation => ({
  type: 'CreateAnnotation',
  data: {
    annotationId,
    communityId,
    noteId,
    linkId,
    authorId: author,
    noteText,
    ranges: [{ start: 4, end: 11 }],
    quote: 'plantes',
    text: 'Lesquelles ?',
    permission: 'protected',
    ...overrides,
  },
});

const created = (
  overrides: Partial<ContributionCreated['data']['data']> = {},
  permission: 'private' | 'protected' = 'protected',
): ContributionCreated => ({
  type: 'ContributionCreated',
  data: {
    contributionId: annotationId,
    communityId,
    type: 'Annotation',
    title: 'an Annotation',
    status: 'active',
    permission,
    authors: [author],
    group: null,
    data: {
      ranges: [{ start: 4, end: 11 }],
      quote: 'plantes',
      text: 'Lesquelles ?',
      permissions: { read: permission === 'private' ? [author] : [] },
      linkId,
      modelId: noteId,
      ...overrides,
    },
  },
});
const link: LinkCreated = {
  type: 'LinkCreated',
  data: { linkId, communityId, from: annotationId, to: noteId, type: 'annotates', data: {} },
};

describe('CreateAnnotation', () => {
  it('creates an active annotation and its annotates link in one decision', () => {
    spec.given([]).when(createCommand()).then([created(), link]);
  });

  it('a private annotation lists its author in permissions.read (fact sheet §1.3)', () => {
    spec
      .given([])
      .when(createCommand({ permission: 'private' }))
      .then([created({}, 'private'), link]);
  });

  it('keeps text and quote plain: control characters removed, the text trimmed', () => {
    spec
      .given([])
      .when(createCommand({ text: '  <b>bold</b>\u0000 claim \r\n next ', quote: 'plan\u0007tes' }))
      .then([created({ text: '<b>bold</b> claim \n next', quote: 'plantes' }), link]);
  });

  it('takes the position of the quote when the ranges do not hold it', () => {
    spec
      .given([])
      .when(createCommand({ ranges: [{ start: 0, end: 3 }], quote: 'lumière' }))
      .then([created({ ranges: [{ start: 26, end: 33 }], quote: 'lumière' }), link]);
    spec
      .given([])
      .when(createCommand({ ranges: [{ start: 30, end: 99 }], quote: 'lumière' }))
      .then([created({ ranges: [{ start: 26, end: 33 }], quote: 'lumière' }), link]);
  });

  it('refuses an empty text, an empty quote and a quote the note does not contain, naming the field', () => {
    spec
      .given([])
      .when(createCommand({ text: ' \u0007 ' }))
      .thenThrows(ValidationError, AnnotationMessages.textRequired);
    spec
      .given([])
      .when(createCommand({ quote: '  ' }))
      .thenThrows(ValidationError, AnnotationMessages.quoteRequired);
    spec
      .given([])
      .when(createCommand({ quote: 'photosynthèse' }))
      .thenThrows(ValidationError, AnnotationMessages.quoteNotFound);
  });

  it('refuses an id already used', () => {
    spec.given([created(), link]).when(createCommand()).thenThrows(ConflictError);
  });
});

describe('EditAnnotation', () => {
  it('changes the text and the visibility; permissions.read follows', () => {
    spec
      .given([created(), link])
      .when({ type: 'EditAnnotation', data: { text: ' Et les algues ? ', permission: 'private' } })
      .then([{ type: 'AnnotationEdited', data: { contributionId: annotationId, text: 'Et les algues ?', permission: 'private' } }]);
  });

  it('keeps what is not given, and does nothing when nothing changes', () => {
    spec
      .given([created(), link])
      .when({ type: 'EditAnnotation', data: { permission: 'private' } })
      .then([{ type: 'AnnotationEdited', data: { contributionId: annotationId, text: 'Lesquelles ?', permission: 'private' } }]);
    const edited: ContributionEvent = {
      type: 'AnnotationEdited',
      data: { contributionId: annotationId, text: 'Lesquelles ?', permission: 'private' },
    };
    spec
      .given([created(), link, edited])
      .when({ type: 'EditAnnotation', data: { text: 'Lesquelles ?', permission: 'private' } })
      .thenNothingHappens();
  });

  it('refuses an empty text, a contribution that is not an annotation, a deleted or unknown one', () => {
    spec
      .given([created(), link])
      .when({ type: 'EditAnnotation', data: { text: '' } })
      .thenThrows(ValidationError, AnnotationMessages.textRequired);
    const note: ContributionCreated = { type: 'ContributionCreated', data: { ...created().data, type: 'Note', data: {} } };
    spec
      .given([note])
      .when({ type: 'EditAnnotation', data: { text: 'x' } })
      .thenThrows(IllegalStateError, AnnotationMessages.notAnAnnotation);
    const removed: ContributionEvent = { type: 'ContributionStatusChanged', data: { contributionId: annotationId, status: 'inactive' } };
    spec
      .given([created(), link, removed])
      .when({ type: 'EditAnnotation', data: { text: 'x' } })
      .thenThrows(NotFoundError);
    spec
      .given([])
      .when({ type: 'EditAnnotation', data: { text: 'x' } })
      .thenThrows(NotFoundError);
  });
});

describe('DeleteAnnotation', () => {
  it('makes the annotation inactive and deletes its annotates link', () => {
    spec
      .given([created(), link])
      .when({ type: 'DeleteAnnotation', data: {} })
      .then([
        { type: 'ContributionStatusChanged', data: { contributionId: annotationId, status: 'inactive' } },
        { type: 'LinkDeleted', data: { linkId, from: annotationId } },
      ]);
  });

  it('refuses a second delete (404)', () => {
    const removed: ContributionEvent[] = [
      { type: 'ContributionStatusChanged', data: { contributionId: annotationId, status: 'inactive' } },
      { type: 'LinkDeleted', data: { linkId, from: annotationId } },
    ];
    spec
      .given([created(), link, ...removed])
      .when({ type: 'DeleteAnnotation', data: {} })
      .thenThrows(NotFoundError);
  });
});
