import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { CreateContributionReply, type CreateContributionBody } from '../../../../contracts/api/canvas.ts';
import { Kf6ContributionBody, Kf6ContributionFields } from '../../../../contracts/api/kf6.ts';
import { msg } from '../../../../contracts/messageCodes.ts';
import { ValidationError } from '../../../core/errors.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { withResponse, type RouteAdapter } from './adapt.ts';
import { kf6HtmlToDoc } from './html.ts';
import { toKf6Contribution } from './shapes.ts';
import { createdContext, newContextOf } from './contexts.ts';
import { toContribution } from '../../canvas/replies.ts';

const optional = Object.fromEntries(Object.entries(Kf6ContributionFields).map(([key, schema]) => [key, Type.Optional(schema)]));

/** Buildon's reply with the original's (the contribution's own fields at the top). */
export const Kf6CreateReply = Type.Object({ ...CreateContributionReply.properties, ...optional });

/** A body in the original's shape: it names its `authors` (Buildon's never does). */
export const isKf6ContributionBody = (body: unknown): body is Kf6ContributionBody =>
  typeof body === 'object' &&
  body !== null &&
  Array.isArray((body as { authors?: unknown }).authors) &&
  (body as { type?: unknown }).type !== 'Annotation';

/** A note body given as HTML, parsed and checked (400 naming `data.body`). */
const parsedBody = async (html: string) => {
  try {
    return await kf6HtmlToDoc(html);
  } catch {
    throw ValidationError.field('data.body', msg('errors.fieldInvalid', { field: 'data.body' }));
  }
};

/**
 * The original's create (KContribution.create): the caller must be among
 * `authors`; the object is created through Buildon's command, then its
 * permission, body, keywords, status and co-authors are set through Buildon's
 * commands, each checked as when Buildon's client does it.
 */
const createKf6 = async (services: AppServices, request: FastifyRequest, communityId: string, body: Kf6ContributionBody) => {
  const user = request.currentUser;
  if (body.type === 'Context') {
    // A context is the community's, made by its managers (as POST /api/contexts/{communityId}).
    const contextId = await services.communities.createContext(user, communityId, newContextOf({ ...body, type: 'Context' }, communityId));
    const { doc, kf6 } = await createdContext(services, contextId);
    return { contribution: toContribution(doc), refs: [], buildson: null, ...kf6 };
  }
  const reader = await services.canvasReader.reader(user, communityId);
  if (body.communityId !== undefined && body.communityId !== communityId) {
    throw ValidationError.field('communityId', msg('errors.fieldInvalid', { field: 'communityId' }));
  }
  if (!body.authors.includes(reader.authorId)) throw ValidationError.field('authors', msg('errors.fieldInvalid', { field: 'authors' }));
  const html = body.data?.body;
  const doc = body.type === 'Note' && typeof html === 'string' && html.trim() !== '' ? await parsedBody(html) : null;
  const input: CreateContributionBody = {
    type: body.type,
    ...(body.title !== undefined && (body.title !== '' || body.type !== 'View') ? { title: body.title } : {}),
    ...(body.buildson ? { buildsOn: body.buildson } : {}),
  };
  const created = await services.canvas.createContribution(user, communityId, input);
  const id = created.contribution._id;
  if (body.permission !== undefined && body.permission !== created.contribution.permission) {
    await services.objects.changePermission(user, communityId, id, { permission: body.permission, group: body.group ?? null });
  }
  const activate = body.status === 'active' && created.contribution.status !== 'active';
  if (doc || (activate && body.type === 'Note')) {
    const current = await services.objects.get(user, id);
    await services.objects.save(user, communityId, id, {
      revision: current.revision,
      title: body.title ?? '',
      body: doc ?? { type: 'doc', content: [{ type: 'paragraph' }] },
      ...(body.keywords ? { keywords: body.keywords.join('; ') } : {}),
      ...(activate ? { status: 'active' as const } : {}),
    });
  } else if (activate) {
    const current = await services.objects.get(user, id);
    await services.objects.save(user, communityId, id, {
      revision: current.revision,
      title: body.title || created.contribution.title,
      ...(body.type === 'Drawing' && typeof body.data?.svg === 'string' ? { svg: body.data.svg } : {}),
      status: 'active',
    });
  }
  for (const authorId of new Set(body.authors)) {
    if (authorId !== reader.authorId) await services.objects.addCoauthor(user, communityId, id, authorId);
  }
  const stored = await services.canvasReader.contributions.get(id);
  return { ...created, ...(stored ? await toKf6Contribution(stored) : {}) };
};

export const contributionAdapter = (services: AppServices): RouteAdapter => ({
  method: 'POST',
  url: '/api/contributions/:communityId',
  body: { schema: Kf6ContributionBody, is: isKf6ContributionBody },
  adapt: (route, handler) => ({
    schema: withResponse(route, 201, Kf6CreateReply),
    handler: async (request, reply) => {
      if (!isKf6ContributionBody(request.body)) return handler(request, reply);
      const { communityId } = request.params as { communityId: string };
      return reply.status(201).send(await createKf6(services, request, communityId, request.body));
    },
  }),
});
