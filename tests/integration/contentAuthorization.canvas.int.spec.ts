import { canvasRows } from './contentAuthorization.canvas.ts';
import { matrix } from './contentAuthorization.world.ts';

/**
 * A class's creations, views, their canvas and the time machine × pupil (the view's author),
 * classmate, manager of another class, stranger and anonymous (rows in contentAuthorization.canvas.ts).
 */
const { run } = await matrix('view, canvas and time machine authorization (spec part 1 §6, part 2 §6)');

run(canvasRows);
