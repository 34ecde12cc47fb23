import { CircleHelp, Info, LogIn, LogOut, MessageSquareText, Settings, Sparkles, UsersRound, Wrench } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Link, NavLink } from 'react-router';
import { Dialog } from '../components/Dialog.tsx';
import { ChangeLogList, VersionDetails } from '../features/about/index.ts';
import { NotificationBell } from '../features/notifications/index.ts';
import type { UserProfile } from '../lib/session.ts';
import styles from './Navbar.module.css';

type IconType = ComponentType<{ size?: number; 'aria-hidden'?: boolean | 'true' }>;

const ItemContent = ({ icon: Icon, label }: { icon: IconType; label: string }) => (
  <>
    <Icon size={18} aria-hidden="true" />
    <span className={styles.label}>{label}</span>
  </>
);

/** A navbar button that opens a dialog (Radix needs a ref-forwarding trigger). */
const DialogButton = forwardRef<HTMLButtonElement, { icon: IconType; label: string; testId: string }>(
  ({ icon, label, testId, ...rest }, ref) => (
    <button ref={ref} type="button" className={styles.item} data-testid={testId} aria-label={label} {...rest}>
      <ItemContent icon={icon} label={label} />
    </button>
  ),
);
DialogButton.displayName = 'DialogButton';

const Item = ({ children }: { children: ReactNode }) => <li>{children}</li>;

/** Help: the pupils' and the teachers' guides, and the whole guide as a PDF (issue 21 §13). */
const HelpMenu = () => {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <DialogButton icon={CircleHelp} label={t('nav.help')} testId="nav-help" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} sideOffset={4} align="end" data-testid="help-menu">
          <DropdownMenu.Item asChild className={styles.menuItem}>
            <Link to="/guide/pupils" data-testid="help-pupils">
              {t('guides.pupils')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={styles.menuItem}>
            <Link to="/guide/teachers" data-testid="help-teachers">
              {t('guides.teachers')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={styles.menuItem}>
            <a href="/help/buildon-guide.pdf" target="_blank" rel="noopener" data-testid="help-pdf">
              {t('guides.pdf')}
            </a>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};

export type NavbarProps = {
  /** The signed-in user; null when logged out (or while the profile loads). */
  me: UserProfile | null;
  loggedIn: boolean;
};

/**
 * The navbar: version and what's-new dialogs, the help PDF, then /admin and
 * /admintools for admins, /settings and /logout when logged in (spec §2).
 */
export const Navbar = ({ me, loggedIn }: NavbarProps) => {
  const { t } = useTranslation();
  return (
    <header className={styles.navbar}>
      <a className={styles.skip} href="#main">
        {t('common.skipToContent')}
      </a>
      <nav className={styles.inner} aria-label={t('nav.label')}>
        <Link to="/" className={styles.brand} aria-label={t('nav.home')}>
          <svg className={styles.logo} viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="8" fill="#2f6f5e" />
            <path d="M9 22h14M11 17h10M13 12h6" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <span className={styles.brandName}>{t('common.appName')}</span>
        </Link>
        <ul className={styles.items}>
          <Item>
            <Dialog title={t('about.versionTitle')} trigger={<DialogButton icon={Info} label={t('nav.version')} testId="nav-version" />}>
              <VersionDetails />
            </Dialog>
          </Item>
          <Item>
            <Dialog
              title={t('about.changeLogTitle')}
              trigger={<DialogButton icon={Sparkles} label={t('nav.whatsNew')} testId="nav-whatsnew" />}
            >
              <ChangeLogList />
            </Dialog>
          </Item>
          <Item>
            <HelpMenu />
          </Item>
          {me?.role === 'admin' && (
            <>
              <Item>
                <NavLink className={styles.item} to="/admin" aria-label={t('nav.admin')} data-testid="nav-admin">
                  <ItemContent icon={UsersRound} label={t('nav.admin')} />
                </NavLink>
              </Item>
              <Item>
                <NavLink className={styles.item} to="/admintools" aria-label={t('nav.adminTools')} data-testid="nav-admintools">
                  <ItemContent icon={Wrench} label={t('nav.adminTools')} />
                </NavLink>
              </Item>
            </>
          )}
          {loggedIn ? (
            <>
              <Item>
                <NotificationBell />
              </Item>
              <Item>
                <NavLink className={styles.item} to="/help/" aria-label={t('nav.feedback')} data-testid="nav-feedback">
                  <ItemContent icon={MessageSquareText} label={t('nav.feedback')} />
                </NavLink>
              </Item>
              <Item>
                <NavLink className={styles.item} to="/settings" aria-label={t('nav.settings')} data-testid="nav-settings">
                  <ItemContent icon={Settings} label={t('nav.settings')} />
                </NavLink>
              </Item>
              <Item>
                <Link className={styles.item} to="/logout" aria-label={t('nav.logout')} data-testid="nav-logout">
                  <ItemContent icon={LogOut} label={t('nav.logout')} />
                </Link>
              </Item>
            </>
          ) : (
            <Item>
              <NavLink className={`${styles.item} ${styles.login}`} to="/login" data-testid="nav-login">
                <ItemContent icon={LogIn} label={t('nav.login')} />
              </NavLink>
            </Item>
          )}
        </ul>
      </nav>
    </header>
  );
};
