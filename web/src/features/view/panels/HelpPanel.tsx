import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/Button.tsx';
import { RefIcon } from '../canvas/RefIcon.tsx';
import type { RefLook } from '../canvas/model.ts';
import { Panel } from './Panel.tsx';
import styles from './Panels.module.css';

const samples: {
  look: RefLook;
  key: 'unread' | 'modified' | 'read' | 'mine' | 'promising' | 'riseabove' | 'view' | 'drawing' | 'attachment';
}[] = [
  { look: { kind: 'note', read: 'unread', byMe: false, promising: false }, key: 'unread' },
  { look: { kind: 'note', read: 'modified', byMe: false, promising: false }, key: 'modified' },
  { look: { kind: 'note', read: 'read', byMe: false, promising: false }, key: 'read' },
  { look: { kind: 'note', read: 'read', byMe: true, promising: false }, key: 'mine' },
  { look: { kind: 'note', read: 'read', byMe: false, promising: true }, key: 'promising' },
  { look: { kind: 'riseabove', read: 'read', byMe: false, promising: false }, key: 'riseabove' },
  { look: { kind: 'view', read: 'read', byMe: false, promising: false }, key: 'view' },
  { look: { kind: 'drawing', read: 'read', byMe: false, promising: false }, key: 'drawing' },
  { look: { kind: 'attachment', read: 'read', byMe: false, promising: false }, key: 'attachment' },
];

/** What the icons, colours and arrows mean, the gestures, and the help page. */
export const HelpPanel = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <Panel title={t('canvas.panels.help')} onClose={onClose} testId="panel-help">
      <div className={styles.legend}>
        {samples.map((sample) => (
          <div key={sample.key} style={{ display: 'contents' }}>
            <RefIcon look={sample.look} />
            <span>{t(`canvas.legend.${sample.key}`)}</span>
          </div>
        ))}
        <span className={styles.swatchLine} aria-hidden="true" />
        <span>{t('canvas.legend.buildson')}</span>
        <span className={styles.swatchDashed} aria-hidden="true" />
        <span>{t('canvas.legend.references')}</span>
      </div>
      <ul>
        <li>{t('canvas.gestures.open')}</li>
        <li>{t('canvas.gestures.menu')}</li>
        <li>{t('canvas.gestures.select')}</li>
        <li>{t('canvas.gestures.drop')}</li>
        <li>{t('canvas.gestures.touch')}</li>
      </ul>
      <Link className={buttonClass('secondary')} to="/help">
        {t('canvas.helpPage')}
      </Link>
    </Panel>
  );
};
