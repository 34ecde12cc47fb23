import { researchRows } from './contentAuthorization.research.ts';
import { matrix } from './contentAuthorization.world.ts';

/**
 * The research API × pupil, classmate, manager of another class, stranger, anonymous, a manager
 * of the class, an admin and a researcher of the class (rows in contentAuthorization.research.ts).
 * The runner also checks that no allowed reply carries the class's registration keys.
 */
const { run } = await matrix('research API authorization (issue 24 §5)');

run(researchRows);
