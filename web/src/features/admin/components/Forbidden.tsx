import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button.tsx';
import { Card, Page } from '../../../components/Page.tsx';

/** The 403 page: shown to non-admins on /admin and /admintools. */
export const Forbidden = () => {
  const { t } = useTranslation();
  return (
    <Page title={t('admin.forbiddenTitle')}>
      <Card>
        <p data-testid="forbidden">
          <ShieldAlert size={20} aria-hidden="true" style={{ verticalAlign: 'text-bottom', marginRight: 8 }} />
          {t('admin.forbiddenText')}
        </p>
        <p>
          <Link className={buttonClass('secondary')} to="/">
            {t('common.backHome')}
          </Link>
        </p>
      </Card>
    </Page>
  );
};
