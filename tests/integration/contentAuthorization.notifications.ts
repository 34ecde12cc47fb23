import type { NotificationListReply } from '../../contracts/api/notifications.ts';
import { bearer } from '../support/testApp.ts';
import { anyUser, must, note, type Expectation, type Row, type World } from './contentAuthorization.world.ts';

/**
 * The rows of the content authorization matrix about in-app notifications (issue 18 §5; run by
 * contentAuthorization.notifications.int.spec.ts): the list and marking read are only ever the
 * caller's own. The pupil's notification is about their private note (its title carries the
 * secret), raised by a manager's comment: nobody else's list ever shows it, and nobody else may
 * mark it read — a classmate, a manager of this class or another, a stranger, an admin all get 404.
 */

/** Only the one it was raised for: 404 to everyone else (nothing tells them it exists). */
const recipientOnly: Expectation = {
  pupil: 'ok',
  classmate: 404,
  otherManager: 404,
  stranger: 404,
  anonymous: 401,
  manager: 404,
  admin: 404,
  researcher: 404,
};

/** A notification of the pupil's about their private note (a manager commented on it); its id. */
const pupilNotification = async (w: World): Promise<string> => {
  const { id } = await note(w, { permission: 'private' });
  await must(w, w.manager, 'PUT', `/api/objects/${w.communityId}/${id}/savecomments`, { comments: 'Look again' });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const reply = await w.t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(w.pupil.token) });
    const found = reply.json<NotificationListReply>().notifications.find((n) => n.contributionId === id);
    if (found) return found._id;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the pupil was never notified');
};

export const notificationRows: Row[] = [
  {
    route: 'GET /api/notifications',
    variant: "the pupil has one about their private note: only the pupil's list shows it",
    expect: { ...anyUser, researcher: 'ok' },
    request: async (w) => {
      await pupilNotification(w);
      return { url: '/api/notifications' };
    },
  },
  {
    route: 'POST /api/notifications/:notificationId/read',
    variant: "the pupil's notification",
    expect: recipientOnly,
    request: async (w) => ({ url: `/api/notifications/${encodeURIComponent(await pupilNotification(w))}/read` }),
  },
  {
    route: 'POST /api/notifications/read',
    variant: 'all of mine (never the pupil’s)',
    expect: { ...anyUser, researcher: 'ok' },
    request: async (w) => {
      await pupilNotification(w);
      return { url: '/api/notifications/read' };
    },
  },
  {
    route: 'GET /api/notifications/digest',
    variant: 'my own choice of the daily e-mail',
    expect: { ...anyUser, researcher: 'ok' },
    request: () => ({ url: '/api/notifications/digest' }),
  },
  {
    route: 'PUT /api/notifications/digest',
    variant: 'my own choice only (it names nobody else)',
    expect: { ...anyUser, researcher: 'ok' },
    request: () => ({ url: '/api/notifications/digest', payload: { daily: true } }),
  },
];
