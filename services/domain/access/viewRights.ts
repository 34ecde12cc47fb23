import { canRead, canWrite, isAuthorOf, type AccessObject, type AccessSubject, type Guarded } from './permissions.ts';

/** What one reader may do with one view (the gate of every canvas read and write). */
export type ViewRights = {
  /** May open the canvas (otherwise 403). */
  readable: boolean;
  /** May add, move and remove refs (canWrite on the view). */
  editable: boolean;
  /** Is one of the view's authors (lock control, view setting, deleting the view). */
  isViewAuthor: boolean;
};

/** The rights of `subject` on a view whose access object is `object`. */
export const viewRights = (subject: AccessSubject, view: Pick<Guarded, 'authors'>, object: AccessObject): ViewRights => ({
  readable: canRead(subject, object),
  editable: canWrite(subject, object),
  isViewAuthor: isAuthorOf(subject, view),
});

/** Managers (and admins) and the view's authors may save its setting for everyone. */
export const mayChangeViewSetting = (subject: AccessSubject, rights: Pick<ViewRights, 'isViewAuthor'>): boolean =>
  subject.isManager || rights.isViewAuthor;

/** Managers (and admins) and the view's authors may delete a view. */
export const mayDeleteView = (subject: AccessSubject, rights: Pick<ViewRights, 'isViewAuthor'>): boolean =>
  subject.isManager || rights.isViewAuthor;

/** Only managers (and admins) re-parent views in the view manager. */
export const mayReparentView = (subject: AccessSubject): boolean => subject.isManager;
