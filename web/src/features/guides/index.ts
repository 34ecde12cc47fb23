/** The illustrated guides for pupils and teachers (issue 21 §13). */
export { GuidePage } from './components/GuidePage.tsx';
