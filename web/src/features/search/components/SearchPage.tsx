import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { Page } from '../../../components/Page.tsx';
import { serverMessage } from '../../../components/serverMessage.ts';
import { useCommunityTitle } from '../api/search.ts';
import { FavouritesPanel } from './FavouritesPanel.tsx';
import { SearchView } from './SearchView.tsx';
import styles from './Search.module.css';

/** `/search/{communityId}`: the search page (spec part 2 §Search). Results dragged from here onto a view in another tab are placed there. */
export const SearchPage = () => {
  const { t } = useTranslation();
  const { communityId = '' } = useParams();
  const title = useCommunityTitle(communityId);
  if (title.isError) {
    return (
      <Page title={t('search.title')}>
        <Alert tone="error" testId="search-page-error">
          {serverMessage(title.error) ?? t('common.genericError')}
        </Alert>
      </Page>
    );
  }
  return (
    <Page title={title.data ? t('search.pageTitle', { community: title.data.title }) : t('search.title')}>
      <p>
        <Link to={`/communitytop/${communityId}`} className={styles.back}>
          {t('search.back')}
        </Link>
      </p>
      <SearchView communityId={communityId} />
      {/* The user's favourites, dragged from here onto a view in another tab like a result (nothing when the plugin is off). */}
      <FavouritesPanel communityId={communityId} hideWhenDisabled />
    </Page>
  );
};
