/** The research pseudonym rule for the CLI (which takes everything from services/app): services/api/research/pseudonymOf.ts. */
export { pseudonymOf } from '../api/research/pseudonymOf.ts';
