/** The author manager (spec part 1 §2): managers, writers, CSV in and out, bulk block. */
export { AuthorManagerPage } from './components/AuthorManagerPage.tsx';
