import type { Random } from './random.ts';

/**
 * What pupils write about, one topic per view (a class's units over a school
 * year). Sentences are built from each topic's words so that search, word
 * counts and (later) lexical analytics see varied, realistic French text.
 */
export const topics = [
  {
    view: 'Les plantes',
    words: ['la lumière', 'les racines', "l'eau", 'la graine', 'les feuilles', 'la photosynthèse', 'le sol', 'la tige'],
  },
  {
    view: "Le cycle de l'eau",
    words: ['la pluie', 'les nuages', "l'évaporation", 'la rivière', 'la mer', 'la vapeur', 'la neige', 'le soleil'],
  },
  {
    view: 'Le système solaire',
    words: ['la Lune', 'la Terre', 'les planètes', "l'orbite", 'la gravité', 'le Soleil', 'les étoiles', 'les saisons'],
  },
  { view: 'Les volcans', words: ['la lave', 'le magma', 'les plaques', 'le cratère', 'la cendre', 'la chaleur', 'la roche', 'le séisme'] },
  {
    view: "L'électricité",
    words: ['le circuit', 'la pile', "l'ampoule", 'le courant', "l'interrupteur", 'le fil', "l'aimant", "l'énergie"],
  },
  { view: 'Le corps humain', words: ['le cœur', 'le sang', 'les poumons', 'les muscles', 'le squelette', 'le cerveau', "l'air", 'les os'] },
  {
    view: 'Les animaux',
    words: [
      "l'habitat",
      'la chaîne alimentaire',
      'les prédateurs',
      'la migration',
      'les insectes',
      'les oiseaux',
      'le camouflage',
      'les œufs',
    ],
  },
  {
    view: 'La lumière et les ombres',
    words: ["l'ombre", 'le miroir', 'les couleurs', 'le prisme', 'la lampe', 'le reflet', "l'arc-en-ciel", 'le verre'],
  },
  { view: 'Le son', words: ['les vibrations', "l'oreille", "l'écho", 'la guitare', 'le tambour', 'le bruit', 'la voix', 'le silence'] },
  {
    view: 'La météo',
    words: ['le vent', 'la température', 'les orages', 'la pression', 'le thermomètre', 'le climat', 'la grêle', 'le brouillard'],
  },
  {
    view: 'Les matériaux',
    words: ['le bois', 'le métal', 'le plastique', 'la glace', 'la fonte', 'le verre', 'la dureté', 'le recyclage'],
  },
  {
    view: "L'alimentation",
    words: ['les vitamines', 'les fruits', 'le sucre', 'les légumes', "l'énergie", 'la digestion', 'les protéines', "l'eau"],
  },
] as const;

export type Topic = (typeof topics)[number];

/** Openers a pupil's sentence starts with: the French default scaffold's phrases among them. */
const openers = [
  'Je pense que',
  'Mon idée est que',
  "J'ai besoin de comprendre pourquoi",
  "J'ai lu que",
  'Je ne suis pas d’accord :',
  'Peut-être que',
  'Nous avons observé que',
  'Ce que nous savons maintenant :',
  'Je me demande si',
  'Une meilleure explication serait que',
] as const;
const verbs = [
  'dépend de',
  'change avec',
  'a besoin de',
  'vient de',
  'agit sur',
  'protège',
  'transforme',
  'ressemble à',
  'attire',
] as const;
const becauses = [
  'parce que nous l’avons vu en classe',
  'comme dans notre expérience',
  'mais je ne sais pas encore comment',
  'et cela explique ce que nous avons observé',
  'sauf quand il fait froid',
  'selon le livre de la bibliothèque',
  'et c’est pour cela que ça marche',
] as const;

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** One pupil's sentence about a topic. */
export const sentence = (random: Random, topic: Topic): string =>
  `${random.pick(openers)} ${random.pick(topic.words)} ${random.pick(verbs)} ${random.pick(topic.words)} ${random.pick(becauses)}.`;

/** A note's title: a question or a short claim, as pupils title them. */
export const noteTitle = (random: Random, topic: Topic): string =>
  random.chance(0.4)
    ? `Pourquoi ${random.pick(topic.words)} ${random.pick(verbs)} ${random.pick(topic.words)} ?`
    : capitalise(`${random.pick(topic.words)} et ${random.pick(topic.words)}`);

/** A note body of `sentences` sentences, in 1–3 paragraphs, as the editor saves it (ProseMirror JSON). */
export const noteBody = (random: Random, topic: Topic, sentences: number): { type: 'doc'; content: unknown[] } => {
  const paragraphs: string[][] = [[]];
  for (let i = 0; i < sentences; i++) {
    if (i > 0 && random.chance(0.25) && paragraphs.length < 3) paragraphs.push([]);
    paragraphs[paragraphs.length - 1]?.push(sentence(random, topic));
  }
  return { type: 'doc', content: paragraphs.map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p.join(' ') }] })) };
};

/** A note body whose first sentence sits inside a scaffold support, as the editor writes it when a pupil picks one. */
export const scaffoldedBody = (
  random: Random,
  topic: Topic,
  sentences: number,
  support: { supportId: string; title: string },
): { type: 'doc'; content: unknown[] } => {
  const body = noteBody(random, topic, sentences);
  const scaffolded = {
    type: 'paragraph',
    content: [
      {
        type: 'support',
        attrs: { supportId: support.supportId, linkId: null, title: support.title },
        content: [{ type: 'text', text: sentence(random, topic) }],
      },
    ],
  };
  return { type: 'doc', content: [scaffolded, ...body.content] };
};

const firstNames = [
  'Léa',
  'Malik',
  'Chloé',
  'Hugo',
  'Inès',
  'Lucas',
  'Jade',
  'Nathan',
  'Emma',
  'Adam',
  'Louise',
  'Gabriel',
  'Zoé',
  'Raphaël',
  'Alice',
  'Noah',
  'Lina',
  'Arthur',
  'Rose',
  'Sacha',
  'Mila',
  'Yanis',
  'Ambre',
  'Théo',
  'Anna',
  'Samuel',
  'Sofia',
  'Maël',
  'Nour',
  'Éloïse',
] as const;
const lastNames = [
  'Martin',
  'Bernard',
  'Tremblay',
  'Gagnon',
  'Roy',
  'Côté',
  'Bouchard',
  'Gauthier',
  'Morin',
  'Lavoie',
  'Fortin',
  'Gagné',
  'Ouellet',
  'Pelletier',
  'Bélanger',
  'Lévesque',
  'Bergeron',
  'Leblanc',
  'Paquette',
  'Girard',
  'Simard',
  'Boucher',
  'Caron',
  'Beaulieu',
  'Cloutier',
] as const;

/** A pupil's or teacher's name. */
export const personName = (random: Random): { firstName: string; lastName: string } => ({
  firstName: random.pick(firstNames),
  lastName: random.pick(lastNames),
});
