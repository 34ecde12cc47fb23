import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { Page, useDocumentTitle } from '../../../components/Page.tsx';
import { guideKinds, loadGuide, type GuideKind } from '../guides.ts';
import styles from './Guide.module.css';

/** `/guide/pupils` and `/guide/teachers`: the illustrated guides, in the interface's language. */
export const GuidePage = () => {
  const { kind = '' } = useParams();
  if (!(guideKinds as readonly string[]).includes(kind)) return <Navigate to="/guide/pupils" replace />;
  return <Guide kind={kind as GuideKind} />;
};

const Guide = ({ kind }: { kind: GuideKind }) => {
  const { t, i18n } = useTranslation();
  const guide = useQuery({ queryKey: ['guide', kind, i18n.language], queryFn: () => loadGuide(kind, i18n.language), staleTime: Infinity });
  const title = t(`guides.${kind}`);
  useDocumentTitle(title);
  const other: GuideKind = kind === 'pupils' ? 'teachers' : 'pupils';
  return (
    <Page title={title} narrow>
      <p>
        <Link to={`/guide/${other}`} data-testid="guide-other">
          {t(`guides.${other}`)}
        </Link>
        {' · '}
        <a href="/help/buildon-guide.pdf" target="_blank" rel="noopener">
          {t('guides.pdf')}
        </a>
      </p>
      {guide.isPending && <p role="status">{t('common.loading')}</p>}
      {guide.isError && <Alert tone="error">{t('guides.loadFailed')}</Alert>}
      {guide.data && (
        <article
          className={styles.guide}
          lang={guide.data.language}
          data-testid="guide"
          data-guide={kind}
          // The project's own Markdown, bundled at build time (see guides.ts).
          dangerouslySetInnerHTML={{ __html: guide.data.html }}
        />
      )}
    </Page>
  );
};
