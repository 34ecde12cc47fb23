import { annotationTitle, type AnnotationVisibility } from '../../../contracts/api/annotations.ts';
import { checkedRanges, plainAnnotationText, plainQuote, spanOf, type AnnotationRange } from '../../../contracts/annotations.ts';
import type { AnnotationEdited, ContributionEvent } from '../../../contracts/events/contribution.ts';
import { ConflictError, IllegalStateError, NotFoundError, ValidationError } from '../../core/errors.ts';
import type { ContributionState } from './state.ts';
import { msg } from '../../../contracts/messageCodes.ts';

/**
 * The rules of annotations (issue 6, item 8). An annotation is a contribution
 * of type Annotation, created active with its `annotates` link to the note in
 * one append; editing changes its text and visibility; deleting makes it
 * inactive and removes the link. Pure: ids, the annotator's author id and the
 * note's text arrive with the command (the caller checked who may do what).
 */
export type CreateAnnotation = {
  type: 'CreateAnnotation';
  data: {
    annotationId: string;
    communityId: string;
    noteId: string;
    linkId: string;
    authorId: string;
    /** The note's annotation text now (contracts/annotations.ts), to check the ranges and quote against. */
    noteText: string;
    ranges: AnnotationRange[];
    quote: string;
    text: string;
    permission: AnnotationVisibility;
  };
};
export type EditAnnotation = { type: 'EditAnnotation'; data: { text?: string; permission?: AnnotationVisibility } };
export type DeleteAnnotation = { type: 'DeleteAnnotation'; data: Record<string, never> };

export type AnnotationCommand = CreateAnnotation | EditAnnotation | DeleteAnnotation;

const annotationCommandTypes: ReadonlySet<string> = new Set<AnnotationCommand['type']>([
  'CreateAnnotation',
  'EditAnnotation',
  'DeleteAnnotation',
]);

export const isAnnotationCommand = (command: { type: string }): command is AnnotationCommand => annotationCommandTypes.has(command.type);

/** `data.permissions.read` of Knowledge Forum's annotator: the authors of a private annotation, empty when protected. */
export const annotationReaders = (permission: string, authors: readonly string[]): string[] =>
  permission === 'private' ? [...authors] : [];

const requireText = (value: string): string => {
  const text = plainAnnotationText(value);
  if (!text) throw ValidationError.field('text', msg('annotations.textRequired'));
  return text;
};

const create = (command: CreateAnnotation, state: ContributionState): ContributionEvent[] => {
  if (state.status !== 'none') throw new ConflictError(msg('contribution.alreadyExists'));
  const { annotationId, communityId, noteId, linkId, authorId, noteText, permission } = command.data;
  const text = requireText(command.data.text);
  const quote = plainQuote(command.data.quote);
  if (!quote.trim()) throw ValidationError.field('quote', msg('annotations.quoteRequired'));
  let ranges = checkedRanges(command.data.ranges, noteText.length);
  const span = ranges ? spanOf(ranges) : null;
  if (!ranges || !span || noteText.slice(span.start, span.end) !== quote) {
    // The client's offsets do not match the quote: the quote decides, if the note has it.
    const at = noteText.indexOf(quote);
    if (at === -1) throw ValidationError.field('quote', msg('annotations.quoteNotFound'));
    ranges = [{ start: at, end: at + quote.length }];
  }
  return [
    {
      type: 'ContributionCreated',
      data: {
        contributionId: annotationId,
        communityId,
        type: 'Annotation',
        title: annotationTitle,
        status: 'active',
        permission,
        authors: [authorId],
        group: null,
        data: { ranges, quote, text, permissions: { read: annotationReaders(permission, [authorId]) }, linkId, modelId: noteId },
      },
    },
    { type: 'LinkCreated', data: { linkId, communityId, from: annotationId, to: noteId, type: 'annotates', data: {} } },
  ];
};

type Created = Extract<ContributionState, { status: 'created' }>;

const existingAnnotation = (state: ContributionState): Created => {
  if (state.status !== 'created') throw new NotFoundError(msg('annotations.notFound'));
  if (state.type !== 'Annotation') throw new IllegalStateError(msg('annotations.notAnAnnotation'));
  if (state.contributionStatus !== 'active') throw new NotFoundError(msg('annotations.notFound'));
  return state;
};

export const decideAnnotation = (command: AnnotationCommand, state: ContributionState): ContributionEvent[] => {
  if (command.type === 'CreateAnnotation') return create(command, state);
  const current = existingAnnotation(state);
  const contributionId = current.contributionId;
  if (command.type === 'EditAnnotation') {
    const text =
      command.data.text === undefined ? (typeof current.data.text === 'string' ? current.data.text : '') : requireText(command.data.text);
    const permission = command.data.permission ?? (current.permission === 'private' ? 'private' : 'protected');
    if (text === current.data.text && permission === current.permission) return [];
    return [{ type: 'AnnotationEdited', data: { contributionId, text, permission } }];
  }
  const links = Object.values(current.links).filter((link) => link.type === 'annotates');
  return [
    { type: 'ContributionStatusChanged', data: { contributionId, status: 'inactive' } },
    ...links.map((link): ContributionEvent => ({ type: 'LinkDeleted', data: { linkId: link.linkId, from: contributionId } })),
  ];
};

/** Folds an annotation edit into the decider's state. */
export const evolveAnnotation = (state: Created, event: AnnotationEdited): Created => ({
  ...state,
  permission: event.data.permission,
  data: { ...state.data, text: event.data.text, permissions: { read: annotationReaders(event.data.permission, state.authors) } },
});
