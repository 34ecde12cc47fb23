import { notificationRows } from './contentAuthorization.notifications.ts';
import { matrix } from './contentAuthorization.world.ts';

/**
 * In-app notifications (issue 18 §5) × pupil, classmate, manager of another class, stranger,
 * anonymous, a manager of the class, an admin and a researcher (rows in
 * contentAuthorization.notifications.ts): only ever my own.
 */
const { run } = await matrix('notifications authorization (issue 18 §5)');

run(notificationRows);
