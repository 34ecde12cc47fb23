/** The group manager (spec part 1 §2): list, select, remove, add; the group editor's members. */
export { GroupManagerPage } from './components/GroupManagerPage.tsx';
