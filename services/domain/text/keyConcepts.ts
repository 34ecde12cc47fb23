/**
 * The 21 key-concept phrases of Knowledge Forum 6's student dictionary
 * (fact sheet §7), as data: the French label the original shows, in its
 * order, and the phrases that count as the concept.
 *
 * - The French phrase is the label, with two corrections: the original's
 *   typo "EÉvaluation intégrée…" is "Évaluation intégrée…", and "La pensée de
 *   conception" is matched without its article (so "une pensée de conception"
 *   counts too; the label keeps it).
 * - The English phrases are the knowledge-building principles' usual English
 *   names (Scardamalia, 2002) and the books' titles, so a class writing in
 *   English is counted too; the original had none. Matching ignores case,
 *   accents, hyphens and punctuation (`findPhrases`), so spelling variants
 *   ("self-organization") need no entry.
 */

export type KeyConcept = {
  /** Stable id (ASCII, for read models and URLs). */
  id: string;
  /** The label shown (French, as the original). */
  label: string;
  /** The phrases that count as this concept, with their language (for elisions and the optional stemmer). */
  phrases: readonly { lang: string; text: string }[];
};

const concept = (id: string, label: string, fr: string, ...en: string[]): KeyConcept => ({
  id,
  label,
  phrases: [{ lang: 'fr', text: fr }, ...en.map((text) => ({ lang: 'en', text }))],
});

export const keyConcepts: readonly KeyConcept[] = [
  concept('penser-vite-et-lentement', 'Penser vite et lentement', 'Penser vite et lentement', 'Thinking fast and slow'),
  concept('auto-organisation', 'Auto-organisation', 'Auto-organisation', 'Self-organisation', 'Self-organization'),
  concept('emergence', 'Émergence', 'Émergence'),
  concept('bord-du-chaos', 'Bord du chaos', 'Bord du chaos', 'Edge of chaos'),
  concept('pensee-de-conception', 'La pensée de conception', 'pensée de conception', 'Design thinking'),
  concept('creation-de-connaissances', 'Création de connaissances', 'Création de connaissances', 'Knowledge creation'),
  concept('etat-d-esprit-centralise', "État d'esprit centralisé", "État d'esprit centralisé", 'Centralized mindset', 'Centralised mindset'),
  concept('coherence-explicative', 'Cohérence explicative', 'Cohérence explicative', 'Explanatory coherence'),
  concept(
    'vraies-idees-problemes-authentiques',
    'De vraies idées, des problèmes authentiques',
    'De vraies idées, des problèmes authentiques',
    'Real ideas, authentic problems',
  ),
  concept('idees-ameliorables', 'Idées améliorables', 'Idées améliorables', 'Improvable ideas'),
  concept('diversite-des-idees', 'Diversité des idées', 'Diversité des idées', 'Idea diversity'),
  concept('elever-le-propos', 'Élever-le-propos', 'Élever-le-propos', 'Rise above'),
  concept('agence-epistemique', 'Agence épistémique', 'Agence épistémique', 'Epistemic agency'),
  concept(
    'responsabilite-collective',
    'Responsabilité collective pour les connaissances communautaires',
    'Responsabilité collective pour les connaissances communautaires',
    'Community knowledge, collective responsibility',
  ),
  concept(
    'democratiser-la-connaissance',
    'Démocratiser la connaissance',
    'Démocratiser la connaissance',
    'Democratizing knowledge',
    'Democratising knowledge',
  ),
  concept(
    'progression-symetrique',
    'Progression symétrique des connaissances',
    'Progression symétrique des connaissances',
    'Symmetric knowledge advancement',
  ),
  concept(
    'renforcement-omnipresent',
    'Renforcement des connaissances omniprésentes',
    'Renforcement des connaissances omniprésentes',
    'Pervasive knowledge building',
  ),
  concept(
    'utilisations-constructives-de-sources',
    'Utilisations constructives de sources faisant autorité',
    'Utilisations constructives de sources faisant autorité',
    'Constructive uses of authoritative sources',
  ),
  concept(
    'discours-de-renforcement',
    'Discours de renforcement des connaissances',
    'Discours de renforcement des connaissances',
    'Knowledge building discourse',
  ),
  concept(
    'evaluation-integree',
    'Évaluation intégrée, simultanée et transformative',
    'Évaluation intégrée, simultanée et transformative',
    'Embedded, concurrent and transformative assessment',
  ),
  concept('societe-de-connaissance', 'Société de connaissance', 'Société de connaissance', 'Knowledge society'),
];
