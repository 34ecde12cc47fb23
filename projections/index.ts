import type { Projection } from '../services/core/projection.ts';
import { usersProjection } from './users/index.ts';

/** Every read model, in the order the runner applies them. */
export const allProjections: readonly Projection[] = [usersProjection];
