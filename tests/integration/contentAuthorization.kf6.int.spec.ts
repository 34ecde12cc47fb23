import { kf6Rows } from './contentAuthorization.kf6.ts';
import { matrix } from './contentAuthorization.world.ts';

/**
 * The KF6 dialect's own routes × pupil, classmate, manager of another class, stranger, anonymous,
 * a manager of the class, an admin and a researcher of the class (rows in contentAuthorization.kf6.ts).
 */
const { run } = await matrix('KF6 dialect authorization (issue 15 §6)');

run(kf6Rows);
