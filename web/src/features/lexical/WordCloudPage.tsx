import { Download } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/Button.tsx';
import { Page } from '../../components/Page.tsx';
import { serverMessage } from '../../components/serverMessage.ts';
import { downloadBlob, downloadText } from '../../lib/download.ts';
import { useLanguageTag } from '../analytics/components/shell.tsx';
import { FreshnessStamp } from '../analytics/components/FreshnessStamp.tsx';
import { useViewWordCloud } from './api.ts';
import { cloudSvg, fileNameOf, type PlacedWord } from './cloudModel.ts';
import styles from './Lexical.module.css';
import { WordCountTable } from './WordCountTable.tsx';
import { WordCloud } from './WordCloud.tsx';

const size = 1000;

/** The cloud as a PNG: its SVG drawn on a canvas. */
const pngOf = (svg: string): Promise<Blob> =>
  new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => {
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext('2d');
      if (!context) return reject(new Error('no canvas'));
      context.drawImage(image, 0, 0);
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no png'))), 'image/png');
    };
    image.onerror = () => reject(new Error('svg not drawn'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  });

/**
 * `/wcloud/{viewId}` (issue 13 §3, fact sheet §7 "View word cloud"): the top
 * 100 words of the notes a view holds, 10–100 px, laid out 1000×1000 in a Web
 * Worker, to download as PNG or SVG; the words are in a table too.
 */
export const WordCloudPage = () => {
  const { t } = useTranslation();
  const { viewId = '' } = useParams();
  const cloud = useViewWordCloud(viewId);
  const reply = cloud.data;
  const number = new Intl.NumberFormat(useLanguageTag());
  const [placed, setPlaced] = useState<PlacedWord[] | null>(null);
  const [problem, setProblem] = useState(false);
  const onPlaced = useCallback((words: PlacedWord[]) => setPlaced(words), []);
  const tableId = useId();
  const pageName = t('lexical.wcloud.title');
  const base = reply ? `${t('lexical.wcloud.fileName')}-${reply.viewTitle}` : 'wcloud';

  const downloadSvg = () => placed && downloadText(fileNameOf(base, 'svg'), cloudSvg(placed, size, size), 'image/svg+xml;charset=utf-8');
  const downloadPng = async () => {
    if (!placed) return;
    try {
      setProblem(false);
      downloadBlob(fileNameOf(base, 'png'), await pngOf(cloudSvg(placed, size, size)));
    } catch {
      setProblem(true);
    }
  };

  return (
    <Page title={reply ? t('lexical.wcloud.pageTitle', { page: pageName, view: reply.viewTitle }) : pageName}>
      <p>
        <Link to={`/view/${viewId}`} className={styles.back}>
          {t('lexical.wcloud.back')}
        </Link>
      </p>
      {cloud.error ? (
        <Alert tone="error" testId="analytics-error">
          {serverMessage(cloud.error) ?? t('common.genericError')}
        </Alert>
      ) : !reply ? (
        <p role="status">{t('lexical.loading')}</p>
      ) : (
        <>
          <FreshnessStamp communityId={reply.communityId} asOf={reply.asOf} stale={reply.stale} canRefresh={false} />
          {reply.words.length === 0 ? (
            <p data-testid="wcloud-empty">{t('lexical.wcloud.empty')}</p>
          ) : (
            <>
              <p>{t('lexical.wcloud.summary', { notes: number.format(reply.notes), words: number.format(reply.words.length) })}</p>
              <div className={styles.row}>
                <Button type="button" onClick={() => void downloadPng()} disabled={!placed} data-testid="wcloud-png">
                  <Download size={16} aria-hidden="true" /> {t('lexical.wcloud.downloadPng')}
                </Button>
                <Button type="button" onClick={downloadSvg} disabled={!placed} data-testid="wcloud-svg">
                  <Download size={16} aria-hidden="true" /> {t('lexical.wcloud.downloadSvg')}
                </Button>
              </div>
              {problem && <Alert tone="error">{t('lexical.wcloud.pngFailed')}</Alert>}
              <WordCloud
                words={reply.words}
                width={size}
                height={size}
                label={t('lexical.wcloud.cloudLabel', { view: reply.viewTitle })}
                onPlaced={onPlaced}
              />
              <WordCountTable id={tableId} testId="wcloud-words" words={reply.words} />
            </>
          )}
        </>
      )}
    </Page>
  );
};
