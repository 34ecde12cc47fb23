import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notificationsKey, useChooseDigest, useDigest, useMarkAllRead, useMarkRead, useNotifications } from './api.ts';
import { useLiveNotifications } from './liveNotifications.ts';
import { badgeText, notificationHref, sentenceKey } from './model.ts';
import styles from './Notifications.module.css';

/**
 * The bell of the app header (issue 18 §5): my unread count, live; its panel
 * lists my latest notifications (each a link to the note, marking it read)
 * and marks them all read.
 */
export const NotificationBell = () => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const list = useNotifications(true);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const digest = useDigest(true);
  const chooseDigest = useChooseDigest();
  const onNotification = useCallback(() => void queryClient.invalidateQueries({ queryKey: notificationsKey }), [queryClient]);
  useLiveNotifications(true, onNotification);
  const unread = list.data?.unread ?? 0;
  const label = unread > 0 ? t('notifications.bellUnread', { n: unread }) : t('notifications.bell');
  const items = list.data?.notifications ?? [];
  const when = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={styles.bell} aria-label={label} title={label} data-testid="nav-notifications">
          <Bell size={18} aria-hidden="true" />
          {unread > 0 && (
            <span className={styles.badge} data-testid="notifications-badge" aria-hidden="true">
              {badgeText(unread)}
            </span>
          )}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.panel} sideOffset={4} align="end" data-testid="notifications-panel">
          <div className={styles.head}>
            <DropdownMenu.Label className={styles.title}>{t('notifications.title')}</DropdownMenu.Label>
            <DropdownMenu.Item
              className={styles.markAll}
              disabled={unread === 0 || markAll.isPending}
              onSelect={(event) => {
                event.preventDefault();
                markAll.mutate();
              }}
              data-testid="notifications-mark-all"
            >
              {t('notifications.markAllRead')}
            </DropdownMenu.Item>
          </div>
          {items.length === 0 ? (
            <DropdownMenu.Label className={styles.empty}>{t('notifications.empty')}</DropdownMenu.Label>
          ) : (
            items.map((n) => (
              <DropdownMenu.Item key={n._id} asChild className={`${styles.item} ${n.read ? '' : styles.unread}`}>
                <Link to={notificationHref(n)} onClick={() => !n.read && markRead.mutate(n._id)} data-testid="notification-item">
                  <span>{t(sentenceKey(n.kind), { name: n.actorName || t('notifications.someone'), title: n.title })}</span>
                  <time className={styles.time} dateTime={n.at}>
                    {when.format(new Date(n.at))}
                  </time>
                </Link>
              </DropdownMenu.Item>
            ))
          )}
          {digest.data?.available && (
            <>
              <DropdownMenu.Separator className={styles.separator} />
              <DropdownMenu.CheckboxItem
                className={styles.digest}
                checked={digest.data.daily}
                disabled={chooseDigest.isPending}
                onSelect={(event) => event.preventDefault()}
                onCheckedChange={(checked) => chooseDigest.mutate(checked)}
                data-testid="notifications-digest"
              >
                <DropdownMenu.ItemIndicator className={styles.digestMark}>✓</DropdownMenu.ItemIndicator>
                {t('notifications.digest.daily')}
              </DropdownMenu.CheckboxItem>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
};
