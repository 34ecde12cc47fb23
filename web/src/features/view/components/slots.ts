import type { ReactNode } from 'react';

/** What app/ plugs into the view screen (features never import each other). */
export type ViewSlots = {
  /** The contribution window's content (the contribution feature). */
  renderContribution: (props: {
    contributionId: string;
    viewId: string;
    close: () => void;
    /** Opens a contribution the content just made; `title` names the window until it has its own. */
    open: (contributionId: string, title?: string) => void;
    /** The contribution's title as shown (typed or saved): the window's title and the dialog's name follow it. */
    onTitle?: (title: string) => void;
    /** Draw on image: a new drawing starts with this image as its background layer. */
    background?: { url: string; title: string };
  }) => ReactNode;
  /** The view manager, shown in its panel (the viewmanager feature). */
  renderViewManager?: (props: { communityId: string; viewId: string }) => ReactNode;
  /** The search, shown in its panel (the search feature); its results can be dragged onto the canvas. */
  renderSearch?: (props: { communityId: string; viewId: string }) => ReactNode;
  /** Uploads a dropped file into a new attachment; absent = no upload route yet. */
  uploadAttachment?: (communityId: string, attachmentId: string, file: File) => Promise<unknown>;
  /**
   * Asked before a contribution window is closed from its title bar: false
   * keeps it open (e.g. unsaved changes the user chose to keep).
   */
  confirmCloseContribution?: (contributionId: string) => boolean;
};
