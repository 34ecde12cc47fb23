// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Scaffold } from '../../../../../contracts/api/communities.ts';
import { initI18n } from '../../../i18n/index.ts';
import { ScaffoldPanel } from './ScaffoldPanel.tsx';
import { nextAnnouncement } from './supportAccessibility.ts';

/** Issue 25 §4: a support put in from the panel is said to a screen reader (focus has gone back to the text). */

const scaffold: Scaffold = {
  _id: 's1',
  title: 'Amélioration des idées',
  supports: [
    { _id: 'a', title: 'Mon idée', order: 1 },
    { _id: 'b', title: "J'enrichis l'idée", order: 2 },
  ],
};

const said = () => screen.getByTestId('scaffold-announcement').textContent;

describe('ScaffoldPanel announcements', () => {
  beforeAll(async () => {
    const i18n = await initI18n();
    await i18n.changeLanguage('fr');
  });
  afterEach(cleanup);

  it('says which support went in, in a polite live region that is there before it speaks', () => {
    render(<ScaffoldPanel scaffolds={[scaffold]} loading={false} onInsert={() => true} disabled={false} />);
    const region = screen.getByTestId('scaffold-announcement');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(said()).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Mon idée' }));
    expect(said()).toBe('Échafaudage « Mon idée » inséré. Écris dedans ; à la fin, la flèche droite en sort.');
    fireEvent.click(screen.getByRole('button', { name: "J'enrichis l'idée" }));
    expect(said()).toContain("« J'enrichis l'idée » inséré");
  });

  it('says the same support again when it goes in twice, and nothing when it could not go in', () => {
    let accepted = true;
    render(<ScaffoldPanel scaffolds={[scaffold]} loading={false} onInsert={() => accepted} disabled={false} />);
    const button = screen.getByRole('button', { name: 'Mon idée' });
    fireEvent.click(button);
    const first = said();
    fireEvent.click(button);
    expect(said()).not.toBe(first);
    expect(said()?.trim()).toBe(first?.trim());
    accepted = false;
    const before = said();
    fireEvent.click(screen.getByRole('button', { name: "J'enrichis l'idée" }));
    expect(said()).toBe(before);
  });
});

describe('nextAnnouncement', () => {
  it('changes the text when the same sentence comes twice in a row, so it is read again', () => {
    expect(nextAnnouncement('', 'Déposée.')).toBe('Déposée.');
    expect(nextAnnouncement('Déposée.', 'Déposée.')).toBe('Déposée.\u00a0');
    expect(nextAnnouncement('Déposée.\u00a0', 'Déposée.')).toBe('Déposée.');
    expect(nextAnnouncement('Déposée.', 'Annulé.')).toBe('Annulé.');
  });
});
