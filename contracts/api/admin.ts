import Type from 'typebox';

export const StorageStatsReply = Type.Object({
  storage: Type.Object({ eventStore: Type.String(), readStore: Type.String(), jobQueue: Type.String() }),
  eventStore: Type.Object({ headPosition: Type.Integer() }),
  projections: Type.Object({
    position: Type.Integer(),
    names: Type.Array(Type.String()),
  }),
  readModels: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() })),
});

export const RebuildBody = Type.Object({
  /** One projection's name; all when absent. */
  projection: Type.Optional(Type.String({ maxLength: 100 })),
});

export const JobAccepted = Type.Object({ jobId: Type.String() });

export const JobStatusReply = Type.Object({
  id: Type.String(),
  name: Type.String(),
  state: Type.String(),
  progress: Type.Number(),
  attemptsMade: Type.Integer(),
  result: Type.Optional(Type.Unknown()),
  failedReason: Type.Optional(Type.String()),
});

export const rebuildJobName = 'projections.rebuild';
