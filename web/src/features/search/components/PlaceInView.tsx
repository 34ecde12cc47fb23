import * as RadixDialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { LayoutGrid, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ViewSummary } from '../../../../../contracts/api/communities.ts';
import { Button } from '../../../components/Button.tsx';
import { SelectField } from '../../../components/SelectField.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import dialogStyles from '../../../components/Dialog.module.css';
import { canvasKey, createLink } from '../../view/api/canvas.ts';
import { placeBody, writableViews } from '../place.ts';
import styles from './Search.module.css';

/**
 * A search result's "Placer dans une perspective…" (issue 25 §1): a button
 * and its dialog, the keyboard's way to do what dragging the result onto a
 * canvas does. The dialog offers the views the pupil may write in; placing
 * closes it, focus goes back to the button (Radix), and `onPlaced` says what
 * happened in the search's live region.
 */
export const PlaceInView = ({
  result,
  views,
  onPlaced,
}: {
  result: { _id: string; title: string };
  views: readonly ViewSummary[];
  onPlaced: (message: string) => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [viewId, setViewId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const title = result.title || t('search.untitled');
  const choices = writableViews(views);
  const chosen = choices.find((view) => view._id === viewId) ?? choices[0];

  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setError(null);
      setViewId((current) => current || choices[0]?._id || '');
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || busy) return;
    setBusy(true);
    setError(null);
    try {
      // The server finds the free spot (no canvas read here).
      await createLink(placeBody(chosen._id, result._id));
      void queryClient.invalidateQueries({ queryKey: canvasKey(chosen._id) });
      setOpen(false);
      onPlaced(t('search.place.done', { title, view: chosen.title || t('search.untitled') }));
    } catch (failure) {
      setError(t('search.place.failed', { reason: serverMessage(failure) ?? t('search.status.error') }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <RadixDialog.Root open={open} onOpenChange={openChange}>
      <RadixDialog.Trigger asChild>
        <Button
          variant="ghost"
          className={styles.placeButton}
          // The visible words first, then which result: the name holds what is shown (WCAG 2.5.3).
          aria-label={t('search.place.actionFor', { title })}
          data-testid="search-place"
        >
          <LayoutGrid size={16} aria-hidden="true" /> {t('search.place.action')}
        </Button>
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={dialogStyles.overlay} />
        <RadixDialog.Content className={dialogStyles.content} aria-describedby={undefined} data-testid="search-place-dialog">
          <div className={dialogStyles.header}>
            <RadixDialog.Title className={dialogStyles.title}>{t('search.place.title', { title })}</RadixDialog.Title>
            <RadixDialog.Close className={dialogStyles.close} aria-label={t('common.close')}>
              <X size={20} aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {choices.length === 0 ? (
            <p data-testid="search-place-none">{t('search.place.none')}</p>
          ) : (
            <form className={styles.placeForm} onSubmit={(event) => void submit(event)}>
              <SelectField
                name="search-place-view"
                label={t('search.place.view')}
                hint={t('search.place.hint')}
                value={chosen?._id ?? ''}
                onChange={(event) => setViewId(event.target.value)}
                error={error ?? undefined}
                data-testid="search-place-view"
              >
                {choices.map((view) => (
                  <option key={view._id} value={view._id}>
                    {view.title || t('search.untitled')}
                  </option>
                ))}
              </SelectField>
              <div className={styles.placeActions}>
                <RadixDialog.Close asChild>
                  <Button type="button" variant="secondary">
                    {t('search.place.cancel')}
                  </Button>
                </RadixDialog.Close>
                {/* Not disabled while it works: it keeps the focus. */}
                <Button type="submit" aria-busy={busy} data-testid="search-place-submit">
                  {t('search.place.submit')}
                </Button>
              </div>
            </form>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
};
