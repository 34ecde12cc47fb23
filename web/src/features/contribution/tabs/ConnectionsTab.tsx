import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConnections, type Connection } from '../api/objects.ts';
import styles from './Tabs.module.css';
import { typeName } from '../labels.ts';

const linkTypeNames = ['buildson', 'references', 'supports', 'contains', 'attach', 'annotates', 'promisings', 'uses'] as const;
type LinkType = (typeof linkTypeNames)[number];
const linkTypes = new Set<string>(linkTypeNames);

/** Links to and from the contribution; a broken end reads '(missing link)'. */
export const ConnectionsTab = ({ id, contextId }: { id: string; contextId: string | null }) => {
  const { t } = useTranslation();
  const connections = useConnections(id, true);
  const list = (items: Connection[], testId: string) =>
    items.length === 0 ? (
      <p className={styles.muted}>{t('contribution.connections.none')}</p>
    ) : (
      <ul className={styles.rows} data-testid={testId}>
        {items.map((link) => (
          <li key={link._id} className={styles.connection} data-testid="connection" data-type={link.type}>
            <span className={styles.linkType}>
              {linkTypes.has(link.type) ? t(`contribution.linkTypes.${link.type as LinkType}`) : t('canvas.kind.other')}
            </span>
            {link.other.missing ? (
              <span className={styles.missing}>{t('contribution.spec.missingLink')}</span>
            ) : (
              <Link to={`/contribution/${link.other._id}${contextId ? `/${contextId}` : ''}`}>
                {link.other.title || typeName(t, link.other.type)}
              </Link>
            )}
            <span className={styles.otherType}>{typeName(t, link.other.type)}</span>
          </li>
        ))}
      </ul>
    );
  if (connections.isPending) return <p className={styles.muted}>{t('contribution.loading')}</p>;
  if (connections.isError) return <p className={styles.muted}>{t('contribution.connections.unavailable')}</p>;
  return (
    <div className={styles.tab} data-testid="connections-tab">
      <h3 className={styles.heading}>{t('contribution.connections.from')}</h3>
      {list(connections.data.from, 'connections-from')}
      <h3 className={styles.heading}>{t('contribution.connections.to')}</h3>
      {list(connections.data.to, 'connections-to')}
    </div>
  );
};
