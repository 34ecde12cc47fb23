import { describe, expect, it } from 'vitest';
import { duplicateCreationKey, planCommunitySeed } from './creation.ts';
import { defaultContextData } from './settings.ts';

const sequence = () => {
  let n = 0;
  return () => `id${++n}`;
};

const plan = () =>
  planCommunitySeed({
    communityId: 'c1',
    title: 'Classe de Mme Roy',
    creatorAuthorId: 'a1',
    welcomeViewTitle: 'Bienvenue',
    scaffolds: [
      { title: 'Theory building', supports: ['My theory', 'I need to understand'] },
      { title: 'Opinion', supports: ['I agree'] },
    ],
    contextData: defaultContextData(),
    newId: sequence(),
  });

describe('planCommunitySeed', () => {
  it('writes the root context first, offering every scaffold in order from 1', () => {
    const seed = plan();
    const [context] = seed.streams;
    expect(context?.contributionId).toBe(seed.rootContextId);
    expect(context?.commands[0]).toMatchObject({
      type: 'CreateContribution',
      data: { type: 'Context', title: 'Community Setting: Classe de Mme Roy', permission: 'protected', communityId: 'c1' },
    });
    expect(context?.commands.slice(1).map((command) => command.data)).toMatchObject(
      seed.scaffoldIds.map((to, index) => ({ to, type: 'uses', data: { order: index + 1 } })),
    );
  });

  it('creates the public welcome view', () => {
    const seed = plan();
    const welcome = seed.streams[1];
    expect(welcome?.contributionId).toBe(seed.viewId);
    expect(welcome?.commands).toHaveLength(1);
    expect(welcome?.commands[0]).toMatchObject({ data: { type: 'View', title: 'Bienvenue', permission: 'public' } });
  });

  it('writes each scaffold after its supports, containing them in order from 0', () => {
    const seed = plan();
    const types = seed.streams.slice(2).map((stream) => stream.commands[0]?.data);
    expect(types.map((data) => (data as { type: string }).type)).toEqual(['Support', 'Support', 'Scaffold', 'Support', 'Scaffold']);
    const firstScaffold = seed.streams[4];
    expect(firstScaffold?.contributionId).toBe(seed.scaffoldIds[0]);
    expect(firstScaffold?.commands.slice(1).map((command) => command.data)).toMatchObject([
      { to: seed.streams[2]?.contributionId, type: 'contains', data: { order: 0 } },
      { to: seed.streams[3]?.contributionId, type: 'contains', data: { order: 1 } },
    ]);
  });

  it('makes everything active and authored by the creator, with distinct ids', () => {
    const seed = plan();
    const created = seed.streams.map((stream) => stream.commands[0]);
    for (const command of created) {
      expect(command).toMatchObject({ type: 'CreateContribution', data: { status: 'active', authors: ['a1'], group: null } });
    }
    const ids = seed.streams.map((stream) => stream.contributionId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('duplicateCreationKey', () => {
  it('is the same for the same admin and title in any case, different otherwise', () => {
    expect(duplicateCreationKey('u1', 'Ma Classe')).toBe(duplicateCreationKey('u1', 'ma classe'));
    expect(duplicateCreationKey('u1', 'Ma Classe')).not.toBe(duplicateCreationKey('u2', 'Ma Classe'));
  });
});
