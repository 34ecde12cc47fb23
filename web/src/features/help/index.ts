/** The help / feedback form (spec part 1 §2). */
export { HelpPage } from './components/HelpPage.tsx';
