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

/** A SQLite connection's page cache settings (limits: the use itself is not exposed to Node). */
const PageCache = Type.Object({
  file: Type.String(),
  pageSize: Type.Integer(),
  cacheSize: Type.Integer(),
  cacheLimitBytes: Type.Integer(),
  cacheSpill: Type.Integer(),
  mmapBytes: Type.Integer(),
  fileBytes: Type.Integer(),
});

/** GET /api/admin/memory: what holds the server's memory (issue 16 §4). */
export const MemoryReply = Type.Object({
  /** process.memoryUsage(), bytes. */
  process: Type.Object({
    rss: Type.Integer(),
    heapTotal: Type.Integer(),
    heapUsed: Type.Integer(),
    external: Type.Integer(),
    arrayBuffers: Type.Integer(),
  }),
  /** Each embedded SQLite connection (the event log, the read models when embedded). */
  sqlite: Type.Array(PageCache),
  /** Per read-model collection, largest cache first (empty when the read store keeps no such caches). */
  readModels: Type.Array(
    Type.Object({
      name: Type.String(),
      documents: Type.Integer(),
      recentDocuments: Type.Integer(),
      recentCharacters: Type.Integer(),
      keyedEntries: Type.Integer(),
      keyedIds: Type.Integer(),
    }),
  ),
});
