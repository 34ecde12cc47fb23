import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppServices } from '../../../app/appServices.ts';
import { applyAdapters } from './adapt.ts';
import { connectionsAdapter, registrationsAdapter } from './caches.ts';
import { communityOrderAdapter } from './communityOrder.ts';
import { contributionAdapter } from './contributions.ts';
import { deleteLinkAdapter, updateLinkAdapter } from './linkWrites.ts';
import { registerCors } from './cors.ts';
import { objectReadAdapter } from './objectRead.ts';
import { objectSaveAdapter } from './objects.ts';
import { searchAdapter } from './search.ts';

export { parseCorsOrigins } from './cors.ts';
export { default as kf6Routes } from './routes.ts';
export { kf6SocketPath, kf6SocketPlugin } from './realtime/socketServer.ts';

/**
 * The Knowledge Forum 6 dialect (issue 15, docs/kf6-dialect.md): the one
 * module that translates the original's requests into Buildon's use cases
 * and Buildon's read models into the original's replies. Registered before
 * every route: as Buildon's routes are added, those KF6 shares are widened
 * (body unions, added reply fields) and their handlers wrapped; Buildon's own
 * requests reach Buildon's handlers unchanged. Authorization is never the
 * dialect's: every KF6 request runs through Buildon's use cases.
 */
const kf6Plugin: FastifyPluginAsync<{ services: AppServices; corsOrigins: readonly string[] }> = async (app, { services, corsOrigins }) => {
  registerCors(app, corsOrigins);
  app.addHook(
    'onRoute',
    applyAdapters([
      registrationsAdapter(),
      contributionAdapter(services),
      searchAdapter(services),
      objectSaveAdapter(services),
      objectReadAdapter(corsOrigins),
      connectionsAdapter(services, 'from'),
      connectionsAdapter(services, 'to'),
      updateLinkAdapter(services),
      deleteLinkAdapter(services),
      communityOrderAdapter(app, services),
    ]),
  );
};

export const kf6Dialect = fp(kf6Plugin, { name: 'kf6-dialect' });
