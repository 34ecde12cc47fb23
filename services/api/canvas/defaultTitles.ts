import type { InterfaceLanguage } from '../../../contracts/events/user.ts';

/**
 * The titles the server gives what it creates for someone: a new drawing, a
 * new attachment (until its file names it), a personal workspace. A title is
 * data that everyone then sees as written, so it is written in the author's
 * interface language (issue 21 §6); French keeps the fact sheet's "Un dessin"
 * (§1.3), and the original's "an Attachment" became each language's own.
 */
const titles: Record<InterfaceLanguage, { Drawing: string; Attachment: string; workspace: string }> = {
  fr: { Drawing: 'Un dessin', Attachment: 'Une pièce jointe', workspace: 'Espace de travail de {name}' },
  en: { Drawing: 'A drawing', Attachment: 'An attachment', workspace: "{name}'s workspace" },
  es: { Drawing: 'Un dibujo', Attachment: 'Un adjunto', workspace: 'Espacio de trabajo de {name}' },
  pt: { Drawing: 'Um desenho', Attachment: 'Um anexo', workspace: 'Espaço de trabalho de {name}' },
  it: { Drawing: 'Un disegno', Attachment: 'Un allegato', workspace: 'Spazio di lavoro di {name}' },
  fi: { Drawing: 'Piirros', Attachment: 'Liite', workspace: 'Työtila: {name}' },
  ja: { Drawing: '図', Attachment: '添付ファイル', workspace: '{name} の作業スペース' },
  cn: { Drawing: '繪圖', Attachment: '附件', workspace: '{name} 的工作區' },
  zh_CN: { Drawing: '绘图', Attachment: '附件', workspace: '{name} 的工作区' },
};

/** The initial title of a new drawing or attachment, in `lang`. */
export const defaultTitle = (type: 'Drawing' | 'Attachment', lang: InterfaceLanguage): string => titles[lang][type];

/** The personal workspace's title (spec part 2 §9), in `lang`. */
export const workspaceTitle = (name: string, lang: InterfaceLanguage): string => titles[lang].workspace.replace('{name}', name);

/**
 * Whether an attachment still has its initial title (in any language, or the
 * original's "an Attachment"): its first upload then names it after the file.
 */
export const isInitialAttachmentTitle = (title: string): boolean =>
  title === 'an Attachment' || Object.values(titles).some((language) => language.Attachment === title);
