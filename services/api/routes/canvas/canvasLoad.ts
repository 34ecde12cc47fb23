import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../../../app/appServices.ts';
import { CanvasReplyCache } from './canvasReplyCache.ts';
import { loadCanvas } from '../../canvas/queries/loadCanvas.ts';
import { matchesIfNoneMatch, readPositionEtag, revalidatedPrivately } from '../../plugins/readPositionEtag.ts';
import { negotiateEncoding } from '../../plugins/replyCompression.ts';

/** Adds Accept-Encoding to the reply's Vary, keeping what is there (CORS's Origin, Accept-Language). */
const varyOnEncoding = (reply: FastifyReply): void => {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*accept-encoding\s*(,|$)/i.test(current)) return;
  void reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
};

/**
 * GET /api/views/{viewId}/canvas (issue 16 §3): tagged with the read position
 * (304 while nothing changed), and served from the reader's cached reply,
 * serialised and compressed once per read position (canvasReplyCache.ts).
 */
export const canvasLoadHandler = (services: Pick<AppServices, 'runner' | 'canvasReader'>, cache = new CanvasReplyCache()) => {
  const { canvasReader } = services;
  return async (request: FastifyRequest, reply: FastifyReply, params: { viewId: string }) => {
    // Taken before the read: the canvas shows at least every change up to it.
    const position = services.runner.position;
    const user = request.currentUser;
    const etag = readPositionEtag(position, user._id, `canvas:${params.viewId}`);
    reply.header('etag', etag).header('cache-control', revalidatedPrivately);
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
      // The view's gate still applies: a 304 tells nothing to one who may not read it.
      await canvasReader.viewAccess(user, params.viewId);
      return reply.code(304).send(null);
    }
    // The image links in a reply are signed until an expiry that moves every 5 minutes: part of what it depends on.
    const at = { position, variant: String(canvasReader.imageLinkExpiry()) };
    const cached = await cache.reply(params.viewId, user._id, at, async () => {
      const serialised: unknown = reply.serialize({ ...(await loadCanvas(canvasReader, user, params.viewId)), position });
      return Buffer.isBuffer(serialised) ? serialised : Buffer.from(String(serialised));
    });
    const wanted = request.headers['x-no-compression'] === undefined ? negotiateEncoding(request.headers['accept-encoding']) : null;
    const { body, encoding } = cache.body(params.viewId, user._id, cached, wanted);
    if (wanted) varyOnEncoding(reply);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.type('application/json; charset=utf-8').send(body);
  };
};
