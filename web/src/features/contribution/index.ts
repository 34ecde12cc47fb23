/**
 * The contribution window (issue 6): notes (ProseMirror), drawings (paper.js),
 * attachments and the tabs. app/ mounts the page on /contribution/… and hands
 * the pane to the canvas's internal windows.
 */
export { ContributionPage } from './page/ContributionPage.tsx';
export { ContributionPane, type ContributionPaneProps } from './window/ContributionPane.tsx';
export { uploadFile } from './api/upload.ts';
