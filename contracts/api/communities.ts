import Type, { type Static, type TBoolean } from 'typebox';
import { CodedMessageSchema, MessageCodeSchema, ObjectIdSchema } from './common.ts';

/**
 * Communities, memberships (authors), groups, community settings and the help
 * form: spec part 1 §2–§9. Keys (registrationKey, managerRegistrationKey) are
 * only ever sent to administrators.
 */

/** `researcher`: read-only, sees what a manager sees, never shown to pupils (issue 24 §5, docs/research.md). */
export const CommunityRoleSchema = Type.Union([Type.Literal('manager'), Type.Literal('writer'), Type.Literal('researcher')]);

/** What any logged-in user may see of a community (the join list). */
export const CommunitySummarySchema = Type.Object({
  _id: ObjectIdSchema,
  title: Type.String(),
  archived: Type.Boolean(),
  created: Type.String(),
});
export type CommunitySummary = Static<typeof CommunitySummarySchema>;

/** What members see (no keys). */
export const CommunityInfoSchema = Type.Object({
  _id: ObjectIdSchema,
  title: Type.String(),
  archived: Type.Boolean(),
  created: Type.String(),
  rootContextId: ObjectIdSchema,
  /** Registered views in order. */
  views: Type.Array(ObjectIdSchema),
  scaffolds: Type.Array(ObjectIdSchema),
  lang: Type.String(),
  /** The admin who created it (cannot be demoted). */
  ownerUserId: ObjectIdSchema,
});
export type CommunityInfo = Static<typeof CommunityInfoSchema>;

/** What administrators see: the info plus both keys. */
export const CommunityAdminSchema = Type.Object({
  ...CommunityInfoSchema.properties,
  registrationKey: Type.String(),
  managerRegistrationKey: Type.String(),
});
export type CommunityAdmin = Static<typeof CommunityAdminSchema>;

export const CreateCommunityBody = Type.Object({
  title: Type.String({ maxLength: 200 }),
  registrationKey: Type.String({ maxLength: 200 }),
  managerRegistrationKey: Type.String({ maxLength: 200 }),
});
export type CreateCommunityBody = Static<typeof CreateCommunityBody>;

/** Community editor save (admins). Absent fields are unchanged. */
export const UpdateCommunityBody = Type.Object({
  title: Type.Optional(Type.String({ maxLength: 200 })),
  registrationKey: Type.Optional(Type.String({ maxLength: 200 })),
  managerRegistrationKey: Type.Optional(Type.String({ maxLength: 200 })),
  archived: Type.Optional(Type.Boolean()),
});

/** Block or unblock every writer's login; the registration key must be typed again. */
export const BlockWritersBody = Type.Object({
  registrationKey: Type.String({ maxLength: 200 }),
  block: Type.Boolean(),
});
export const BlockWritersReply = Type.Object({ modified: Type.Integer() });

export const CommunityIdParams = Type.Object({ communityId: ObjectIdSchema });

// ---- memberships ------------------------------------------------------------

export const AuthorSchema = Type.Object({
  _id: ObjectIdSchema,
  communityId: ObjectIdSchema,
  userId: ObjectIdSchema,
  role: CommunityRoleSchema,
  userName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  blockLogin: Type.Boolean(),
  order: Type.Number(),
  created: Type.String(),
});
export type Author = Static<typeof AuthorSchema>;

/** GET /api/users/myRegistrations: my memberships with their community. */
export const RegistrationSchema = Type.Object({ ...AuthorSchema.properties, community: CommunitySummarySchema });
export type Registration = Static<typeof RegistrationSchema>;

/** Join a community (spec: POST /api/authors {userId, communityId, registrationKey}). */
export const JoinBody = Type.Object({
  userId: ObjectIdSchema,
  communityId: ObjectIdSchema,
  registrationKey: Type.String({ maxLength: 200 }),
});

/** Admin "save order" of the community list. */
export const SaveOrderBody = Type.Object({
  orders: Type.Array(Type.Object({ authorId: ObjectIdSchema, order: Type.Number() }), { maxItems: 1000 }),
});

export const AuthorQuerySchema = Type.Object(
  {
    filter: Type.Optional(Type.String({ maxLength: 200, description: 'substring of userName, names or email' })),
  },
  { additionalProperties: false },
);
export const AuthorSearchBody = Type.Object({
  query: Type.Optional(AuthorQuerySchema),
  pagesize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 50 })),
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
});
export const AuthorCountBody = Type.Object({ query: Type.Optional(AuthorQuerySchema) });

export const AuthorParams = Type.Object({ communityId: ObjectIdSchema, authorId: ObjectIdSchema });
export const ChangeRoleBody = Type.Object({ role: CommunityRoleSchema });
export const AuthorPasswordBody = Type.Object({ password: Type.String({ maxLength: 1024 }) });

/** Inline rename (spec: POST /api/users/renameAllUser/{communityId}); keys are author ids. */
export const RenameAllBody = Type.Object({
  // Keys that are not author ids are refused (a Record's pattern alone lets any other key through unchecked).
  userData: Type.Record(
    Type.String({ pattern: '^[0-9a-f]{24}$' }),
    Type.Object({ FirstName: Type.String({ maxLength: 200 }), LastName: Type.String({ maxLength: 200 }) }),
    { additionalProperties: false },
  ),
});
export const RenameAllReply = Type.Object({ recordsModified: Type.Integer() });

// ---- CSV (multipart: field `file`, field `communityId`) -----------------------

/**
 * The problems of one CSV row: `index` is the file row, the header being row
 * 1; `msg` the English messages joined with ', ' (as the original sent them),
 * `messages` the same messages coded for the web client.
 */
export const CsvRowErrorSchema = Type.Object({ index: Type.Integer(), msg: Type.String(), messages: Type.Array(CodedMessageSchema) });
export type CsvRowError = Static<typeof CsvRowErrorSchema>;

export const CsvValidateReply = Type.Object({
  valid: Type.Boolean(),
  rows: Type.Integer(),
  errors: Type.Array(CsvRowErrorSchema),
  /** Rows that are fine but will enrol an existing account rather than create one. */
  notices: Type.Array(CsvRowErrorSchema),
  /** 'All entries are valid. You may submit to database' or the invalid-users message. */
  message: Type.String(),
  messageCode: MessageCodeSchema,
});
export const CsvSubmitReply = Type.Object({
  /** New accounts created (each is also enrolled as a writer). */
  created: Type.Integer(),
  /** Existing accounts (same user name and e-mail) enrolled as writers. */
  enrolled: Type.Integer(),
  /** Rows that failed; the message is csvSubmitFailed when there are any. */
  errors: Type.Array(CsvRowErrorSchema),
  /** Rows left as they were: already members of this community. */
  notices: Type.Array(CsvRowErrorSchema),
  message: Type.String(),
  messageCode: MessageCodeSchema,
});
export const CsvRenameReply = Type.Object({ nModified: Type.Integer(), ok: Type.Integer(), errors: Type.Array(CsvRowErrorSchema) });

// ---- groups ---------------------------------------------------------------------

export const GroupSchema = Type.Object({
  _id: ObjectIdSchema,
  communityId: ObjectIdSchema,
  title: Type.String(),
  status: Type.String(),
  members: Type.Array(ObjectIdSchema),
  created: Type.String(),
});
export type Group = Static<typeof GroupSchema>;
export const CreateGroupBody = Type.Object({ title: Type.String({ maxLength: 200 }) });
export const GroupParams = Type.Object({ communityId: ObjectIdSchema, groupId: ObjectIdSchema });
export const GroupMemberBody = Type.Object({ authorId: ObjectIdSchema });
export const GroupMemberParams = Type.Object({
  communityId: ObjectIdSchema,
  groupId: ObjectIdSchema,
  authorId: ObjectIdSchema,
});

// ---- views (the community's list) -------------------------------------------------

export const ViewSummarySchema = Type.Object({
  _id: ObjectIdSchema,
  communityId: ObjectIdSchema,
  title: Type.String(),
  created: Type.String(),
  modified: Type.String(),
  permission: Type.String(),
  status: Type.String(),
  /**
   * In the community's view list: whether the caller may write in the view
   * (place a ref there), so "place in view" offers only those (issue 25 §1).
   * The server checks again when the ref is placed.
   */
  editable: Type.Optional(Type.Boolean()),
});
export type ViewSummary = Static<typeof ViewSummarySchema>;

// ---- community settings (the root context) ------------------------------------------

export const pluginFlags = [
  'enableFavourites',
  'promisingnessidea',
  'translateToEnglish',
  'translateToChinese',
  'multilanguage',
  'itm',
  'googledocs',
  'googledrive',
  'filter',
  'hirerachyView',
  'drawonimage',
  'sideToSideNotePosition',
  'lexicalanalysis',
  'scaffoldgrowth',
] as const;
export type PluginFlag = (typeof pluginFlags)[number];

/**
 * The plugins that change something in Buildon today, the only ones the
 * settings page offers (issue 21 §15: a setting that cannot work yet is not
 * shown). The others stay in the settings data for KF6 clients: ITM,
 * Google services, translation and the analytics plugins come with their
 * own issues.
 */
export const offeredPluginFlags: readonly PluginFlag[] = [
  'enableFavourites',
  'promisingnessidea',
  'multilanguage',
  'sideToSideNotePosition',
  'filter',
  'hirerachyView',
  'drawonimage',
];

/** Offered besides those when the server has translation configured (issue 18 §4: GET /api/translate/status). */
export const translationPluginFlags: readonly PluginFlag[] = ['translateToEnglish', 'translateToChinese'];

export const noteColours = ['yellow', 'pink', 'green', 'violet', 'purple', 'orange', 'red', 'blue'] as const;
export type NoteColour = (typeof noteColours)[number];

export const ViewSettingSchema = Type.Object({
  buildson: Type.Boolean(),
  references: Type.Boolean(),
  showGroup: Type.Boolean(),
  showAuthor: Type.Boolean(),
  showTime: Type.Boolean(),
  language: Type.Boolean(),
});
export type ViewSetting = Static<typeof ViewSettingSchema>;
/** Spec part 1 §9: buildons, showGroup, showAuthor and showTime on; references and language off. */
export const defaultViewSetting: ViewSetting = {
  buildson: true,
  references: false,
  showGroup: true,
  showAuthor: true,
  showTime: true,
  language: false,
};

const ColourSetting = Type.Object({ enabled: Type.Boolean(), label: Type.String({ maxLength: 100 }) });
const ServerAddress = Type.String({ maxLength: 500, description: 'http(s) URL, or empty for the default' });

/** The root context's `data`: every community setting in one typed object. */
export const ContextDataSchema = Type.Object({
  plugins: Type.Object(Object.fromEntries(pluginFlags.map((flag) => [flag, Type.Boolean()])) as Record<PluginFlag, TBoolean>),
  /** Note colours in use, each with its meaning label. */
  colours: Type.Object(Object.fromEntries(noteColours.map((c) => [c, ColourSetting])) as Record<NoteColour, typeof ColourSetting>),
  features: Type.Object({ preventOverlap: Type.Boolean() }),
  freemode: Type.Boolean(),
  flipname: Type.Boolean(),
  hideUserNameInAuthorSelector: Type.Boolean(),
  viewSetting: ViewSettingSchema,
  /** Multilanguage: default language code (required when the plugin is on) and the offered languages. */
  defaultLang: Type.String({ maxLength: 20 }),
  languages: Type.Array(Type.String({ maxLength: 20 }), { maxItems: 200 }),
  settings: Type.Object({ itmServer: ServerAddress, kbdexServer: ServerAddress, kbdacServer: ServerAddress }),
});
export type ContextData = Static<typeof ContextDataSchema>;

/** The settings of a community as the editor and every screen read them. */
export const CommunitySettingsSchema = Type.Object({
  contextId: ObjectIdSchema,
  data: ContextDataSchema,
  /** Scaffolds the note editor offers, in order (`uses` links of the root context). */
  scaffoldIds: Type.Array(ObjectIdSchema),
});
export type CommunitySettings = Static<typeof CommunitySettingsSchema>;
export const SaveSettingsBody = Type.Object({
  data: ContextDataSchema,
  scaffoldIds: Type.Array(ObjectIdSchema, { maxItems: 100 }),
});

export const SupportSchema = Type.Object({ _id: ObjectIdSchema, title: Type.String(), order: Type.Number() });
export const ScaffoldSchema = Type.Object({
  _id: ObjectIdSchema,
  title: Type.String(),
  supports: Type.Array(SupportSchema),
});
export type Scaffold = Static<typeof ScaffoldSchema>;

// ---- help form ----------------------------------------------------------------------

/** Spec: POST /api/help/send {email, subject, content}, plus the two include boxes. */
export const HelpSendBody = Type.Object({
  email: Type.String({ maxLength: 320 }),
  subject: Type.String({ maxLength: 300 }),
  content: Type.String({ maxLength: 20_000 }),
  includeBrowser: Type.Optional(Type.Boolean()),
  /** When set (and the caller is a member), the community's title is included. */
  communityId: Type.Optional(ObjectIdSchema),
});
export const FeedbackSchema = Type.Object({
  _id: ObjectIdSchema,
  userId: ObjectIdSchema,
  userName: Type.String(),
  from: Type.String(),
  title: Type.String(),
  content: Type.String(),
  browser: Type.Union([Type.String(), Type.Null()]),
  communityTitle: Type.Union([Type.String(), Type.Null()]),
  created: Type.String(),
});
export type Feedback = Static<typeof FeedbackSchema>;

/** GET /api/views/{viewId}: the view with its community and my membership (the canvas adds refs later). */
export const ViewPageReplySchema = Type.Object({
  view: ViewSummarySchema,
  community: CommunityInfoSchema,
  me: AuthorSchema,
  editable: Type.Boolean(),
});

/** A community as its reader may see it: with the keys for admins (CommunityAdmin), without for members (CommunityInfo). */
export const CommunityReplySchema = Type.Union([CommunityAdminSchema, CommunityInfoSchema]);
/** GET /api/views/{viewId} as sent: `community` carries the keys only when the caller is an admin. */
export const ViewPageFullReplySchema = Type.Object({ ...ViewPageReplySchema.properties, community: CommunityReplySchema });
export const UpdateAllCacheReply = Type.Object({ events: Type.Integer() });
export const ViewParams = Type.Object({ viewId: ObjectIdSchema });
