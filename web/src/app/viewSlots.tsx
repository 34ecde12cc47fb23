import i18next from 'i18next';
import { lazy, Suspense } from 'react';
import type { ViewSlots } from '../features/view/index.ts';
import { PageLoading } from './Layout.tsx';

// Both load with the canvas, not with the app shell.
const ContributionPane = lazy(() =>
  import('../features/contribution/window/ContributionPane.tsx').then((m) => ({ default: m.ContributionPane })),
);
const SearchView = lazy(() => import('../features/search/components/SearchView.tsx').then((m) => ({ default: m.SearchView })));
const FavouritesPanel = lazy(() =>
  import('../features/search/components/FavouritesPanel.tsx').then((m) => ({ default: m.FavouritesPanel })),
);
const ViewManager = lazy(() => import('../features/viewmanager/components/ViewManager.tsx').then((m) => ({ default: m.ViewManager })));

/** Contribution windows whose content has unsaved changes. */
const dirtyContributions = new Set<string>();

/**
 * What the view screen borrows from other features (features never import
 * each other; app/ composes them): the contribution window's content, the
 * view manager panel and the attachment upload.
 */
export const viewSlots: ViewSlots = {
  renderContribution: ({ contributionId, viewId, close, open, onTitle, background }) => (
    <Suspense fallback={<PageLoading />}>
      <ContributionPane
        contributionId={contributionId}
        contextId={viewId}
        onClose={close}
        onOpen={open}
        {...(onTitle ? { onTitleChange: onTitle } : {})}
        onDirtyChange={(dirty) => (dirty ? dirtyContributions.add(contributionId) : dirtyContributions.delete(contributionId))}
        headingLevel={2}
        {...(background ? { drawingBackground: background } : {})}
      />
    </Suspense>
  ),
  renderViewManager: ({ communityId, viewId }) => (
    <Suspense fallback={<PageLoading />}>
      <ViewManager communityId={communityId} currentViewId={viewId} compact />
    </Suspense>
  ),
  renderSearch: ({ communityId }) => (
    <Suspense fallback={<PageLoading />}>
      <SearchView communityId={communityId} compact />
      {/* Issue 14 §4: the starred notes one may still read, beside the search (dragged onto the canvas like results). */}
      <FavouritesPanel communityId={communityId} hideWhenDisabled />
    </Suspense>
  ),
  confirmCloseContribution: (contributionId) => {
    if (!dirtyContributions.has(contributionId)) return true;
    if (!window.confirm(i18next.t('contribution.leaveConfirm'))) return false;
    dirtyContributions.delete(contributionId);
    return true;
  },
  uploadAttachment: async (communityId, attachmentId, file) => {
    const { uploadFile } = await import('../features/contribution/api/upload.ts');
    return uploadFile(communityId, attachmentId, file, file.name, () => undefined);
  },
};
