import { analyticsRows } from './contentAuthorization.analytics.ts';
import { matrix } from './contentAuthorization.world.ts';

/**
 * The analytics pages × pupil, classmate, manager of another class, stranger, anonymous, a manager
 * of the class and an admin (rows in contentAuthorization.analytics.ts).
 */
const { run } = await matrix('analytics authorization (issue 12, spec part 2 §2 and §6)');

run(analyticsRows);
