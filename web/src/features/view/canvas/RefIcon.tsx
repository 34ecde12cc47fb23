import {
  FileCheck,
  FilePenLine,
  FileText,
  Image,
  Layers,
  LayoutDashboard,
  Lightbulb,
  Paperclip,
  PenTool,
  type LucideIcon,
} from 'lucide-react';
import type { IconKind, RefLook } from './model.ts';
import styles from './Canvas.module.css';

const noteIcons: Record<RefLook['read'], LucideIcon> = { read: FileCheck, modified: FilePenLine, unread: FileText };
const kindIcons: Record<Exclude<IconKind, 'note'>, LucideIcon> = {
  riseabove: Layers,
  view: LayoutDashboard,
  drawing: PenTool,
  attachment: Paperclip,
  other: Image,
};

/**
 * The ref's icon: its shape tells the type (and, for notes, the read state),
 * the colour repeats the read state, a small badge marks promising ideas.
 * The text equivalent is in the ref's label.
 */
export const RefIcon = ({ look }: { look: RefLook }) => {
  const Icon = look.kind === 'note' ? noteIcons[look.read] : kindIcons[look.kind];
  const tone = look.kind === 'note' || look.kind === 'riseabove' ? styles[`read_${look.read}`] : styles.kindPlain;
  return (
    <span className={`${styles.icon} ${tone ?? ''} ${look.byMe ? styles.mine : ''}`} aria-hidden="true">
      <Icon size={14} strokeWidth={2.2} />
      {look.promising && (
        <span className={styles.promisingBadge}>
          <Lightbulb size={9} strokeWidth={2.6} />
        </span>
      )}
    </span>
  );
};
