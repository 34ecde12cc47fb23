import { scaffoldRows } from './contentAuthorization.scaffolds.ts';
import { matrix } from './contentAuthorization.world.ts';

/**
 * The scaffold manager and support tracker × pupil, classmate, manager of another class, stranger,
 * anonymous, a manager of the class, an admin and a researcher (rows in contentAuthorization.scaffolds.ts).
 */
const { run } = await matrix('scaffold manager and support tracker authorization (issue 13, spec part 2 §2 and §6)');

run(scaffoldRows);
