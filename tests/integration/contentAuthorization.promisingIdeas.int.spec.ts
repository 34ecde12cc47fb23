import { promisingIdeaRows } from './contentAuthorization.promisingIdeas.ts';
import { matrix } from './contentAuthorization.world.ts';

/**
 * Promising ideas × pupil, classmate, manager of another class, stranger, anonymous, a manager of
 * the class, an admin and a researcher (rows in contentAuthorization.promisingIdeas.ts).
 */
const { run } = await matrix('promising ideas authorization (issue 14 §3, spec part 2 §6)');

run(promisingIdeaRows);
