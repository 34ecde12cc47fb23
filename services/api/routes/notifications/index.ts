import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  NotificationIdParams,
  NotificationListQuery,
  NotificationListReply,
  NotificationsReadReply,
  NotifyBody,
  NotifyReply,
  DigestBody,
  DigestReply,
} from '../../../../contracts/api/notifications.ts';
import { problemResponses } from '../../../../contracts/api/common.ts';
import { CommunityIdParams } from '../../../../contracts/api/communities.ts';
import type { AppServices } from '../../../app/appServices.ts';
import { NotificationService } from '../../notifications/notificationService.ts';
import { NotificationDigests } from '../../notifications/digest.ts';
import { Notifier } from '../../notifications/notifier.ts';

/**
 * In-app notifications (issue 18 §5): my list and unread count, marking read,
 * and KF6's notify call. The notifier that raises them follows the log in
 * this process (started with the server); each is pushed live to its
 * recipient's sockets by the push hub (push/userChannels.ts).
 */
const notificationRoutes: FastifyPluginAsyncTypebox<{ services: AppServices }> = async (app, { services }) => {
  const deps = { ...services.commandDeps, once: services.onceStore };
  const notifications = new NotificationService({ ...deps, reader: services.canvasReader });
  const notifier = new Notifier({
    ...deps,
    // The notifier waits for the read models themselves, with no request deadline.
    eventStore: services.eventStore,
    projections: services.runner,
    log: app.log,
  });
  app.addHook('onReady', () => notifier.start());
  app.addHook('onClose', () => notifier.stop());
  const tags = ['notifications'];

  // Apps built without the infrastructure's (tests of other things): no e-mail, the choice still kept.
  const digests =
    services.notificationDigests ??
    new NotificationDigests({ ...services.commandDeps, projections: services.runner, mail: null, publicUrl: '' });

  app.get(
    '/api/notifications/digest',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Whether I get a daily e-mail of my unread notifications (and whether this server sends e-mail)',
        response: { 200: DigestReply, ...problemResponses },
      },
    },
    async (request) => digests.status(request.currentUser),
  );

  app.put(
    '/api/notifications/digest',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Asks for, or stops, the daily e-mail of my unread notifications',
        body: DigestBody,
        response: { 200: DigestReply, ...problemResponses },
      },
    },
    async (request) => digests.choose(request.currentUser, request.body.daily),
  );

  app.get(
    '/api/notifications',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'My notifications, newest first, a page at a time, with my unread count',
        querystring: NotificationListQuery,
        response: { 200: NotificationListReply, ...problemResponses },
      },
    },
    async (request) => notifications.list(request.currentUser, request.query),
  );

  app.post(
    '/api/notifications/:notificationId/read',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Marks one of my notifications read (404 for anyone else’s)',
        params: NotificationIdParams,
        response: { 200: NotificationsReadReply, ...problemResponses },
      },
    },
    async (request) => notifications.markRead(request.currentUser, request.params.notificationId),
  );

  app.post(
    '/api/notifications/read',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Marks all my notifications read',
        response: { 200: NotificationsReadReply, ...problemResponses },
      },
    },
    async (request) => notifications.markAllRead(request.currentUser),
  );

  app.post(
    '/api/notifications/notify/:communityId',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['kf6', ...tags],
        summary: 'KF6: tells the authors linked to a contribution I saved (members; a contribution I may read, in this community)',
        params: CommunityIdParams,
        body: NotifyBody,
        response: { 200: NotifyReply, ...problemResponses },
      },
    },
    async (request) => notifications.notify(request.currentUser, request.params.communityId, request.body),
  );
};

export default notificationRoutes;
