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

/**
 * GET /api/admin/integrations (issue 18 §8): each integration's state, from
 * its probe (services/integrations/integrationStatus.ts). Never a secret:
 * `detail` is a public fact such as the server's host.
 */
export const IntegrationStateSchema = Type.Object({
  name: Type.Union([
    Type.Literal('oidc'),
    Type.Literal('ldap'),
    Type.Literal('ai'),
    Type.Literal('translate'),
    Type.Literal('mail'),
    Type.Literal('itm'),
    Type.Literal('google'),
  ]),
  configured: Type.Boolean(),
  reachable: Type.Union([Type.Boolean(), Type.Null()]),
  lastError: Type.Union([Type.Object({ message: Type.String(), at: Type.String() }), Type.Null()]),
  detail: Type.Union([Type.String(), Type.Null()]),
});
export const IntegrationsReply = Type.Object({ integrations: Type.Array(IntegrationStateSchema) });
