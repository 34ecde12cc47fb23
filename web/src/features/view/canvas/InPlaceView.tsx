import { useTranslation } from 'react-i18next';
import { useViewCanvas } from '../api/canvas.ts';
import { useViewLive } from '../live/useViewLive.ts';
import { Canvas } from './Canvas.tsx';
import { InPlaceViewContext } from './inPlaceView.ts';
import styles from './Canvas.module.css';

const noSelection: ReadonlySet<string> = new Set();
const ignore = () => undefined;

/**
 * A rise-above shown in place: its inner view's canvas, drawn by this app from
 * the shared query cache and kept live over the one socket (issue 22 §8; it
 * was a page of its own in an iframe). It takes no pointer or focus: the ref
 * around it is what the reader drags and opens.
 */
const InPlaceView = ({ viewId, title }: { viewId: string; title: string }) => {
  const { t } = useTranslation();
  const canvas = useViewCanvas(viewId);
  useViewLive(viewId, true);
  return (
    <div className={styles.inPlaceFrame} inert data-testid="in-place-view" data-view-id={viewId} aria-label={title}>
      {canvas.data ? (
        <InPlaceViewContext.Provider value={null}>
          <Canvas
            refs={canvas.data.refs}
            links={canvas.data.links}
            setting={canvas.data.viewSetting}
            favourites={false}
            visible={null}
            selection={noSelection}
            setSelection={ignore}
            editable={false}
            toolbarShown={false}
            onMove={ignore}
            onOpen={ignore}
            onMenu={ignore}
            onDrop={ignore}
            onDeleteKey={ignore}
          />
        </InPlaceViewContext.Provider>
      ) : (
        <span className={styles.inPlaceLoading}>{t('view.loading')}</span>
      )}
    </div>
  );
};

/** The value the view screen gives InPlaceViewContext. */
export const renderInPlaceView = (viewId: string, title: string) => <InPlaceView viewId={viewId} title={title} />;
