import Type, { type Static } from 'typebox';
import { objectIdPattern } from '../ids.ts';

/** The longest text one request may send (KF6's prompt limit, fact sheet §13). */
export const aiMaxText = 20_000;
/** An explanation needs at least this many words (KF6: 400 "Votre texte est trop court"). */
export const aiExplainMinWords = 10;

/**
 * POST /api/ai/spellCheck?spell=…|explain=… (spec part 1 §7). `spell=quick` is the offline
 * Hunspell check; `full` (and KF6's `gpt4`) the chat model's correction; `explain=turboExplain`,
 * `turboExplain2`, `turboExplain3` an explanation for ages 6–11, 11–16 and adults (KF6's
 * `davinci` is the adult one). Exactly one of the two is given.
 */
export const SpellCheckQuery = Type.Object({
  spell: Type.Optional(Type.Union([Type.Literal('quick'), Type.Literal('full'), Type.Literal('gpt4')])),
  explain: Type.Optional(
    Type.Union([Type.Literal('turboExplain'), Type.Literal('turboExplain2'), Type.Literal('turboExplain3'), Type.Literal('davinci')]),
  ),
});
export type SpellCheckQuery = Static<typeof SpellCheckQuery>;

const Id = Type.String({ pattern: objectIdPattern });
/** A day (`2026-11-29`) or an ISO instant. */
const dayOrInstant = '^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9:.]+Z?)?$';

/**
 * KF6's body. `community_id` is required; `contribution_id` names the note being written (the
 * caller must be able to read it). `kf_user_id` and `token` are accepted and ignored: the caller
 * is the bearer of the request's token, never a body field (the original trusted `kf_user_id`).
 * `language` picks the offline dictionary (`fr` by default).
 */
export const SpellCheckBody = Type.Object({
  text: Type.String({ minLength: 1, maxLength: aiMaxText }),
  params: Type.Object({
    community_id: Id,
    contribution_id: Type.Optional(Type.Union([Id, Type.Null()])),
    viewId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    kf_user_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    token: Type.Optional(Type.Union([Type.String({ maxLength: 4096 }), Type.Null()])),
    language: Type.Optional(Type.Union([Type.Literal('fr'), Type.Literal('en')])),
  }),
});
export type SpellCheckBody = Static<typeof SpellCheckBody>;

/** What a request asked for, as logged: the spell modes and the three explanation levels. */
export const aiModes = ['quick', 'full', 'explain1', 'explain2', 'explain3'] as const;
export type AiMode = (typeof aiModes)[number];

/** One line of the streamed reply: a piece of the answer, then a last `{final: true}`. */
export type SpellCheckChunk = { partial: string } | { final: true; remainingRequests: number | null } | { error: string; status: number };

/** GET /api/ai/logs/{communityId}: filters of the writing-help log. */
export const AiLogQuery = Type.Object({
  userId: Type.Optional(Id),
  mode: Type.Optional(Type.Union(aiModes.map((mode) => Type.Literal(mode)))),
  from: Type.Optional(Type.String({ pattern: dayOrInstant, maxLength: 40 })),
  to: Type.Optional(Type.String({ pattern: dayOrInstant, maxLength: 40 })),
});
export type AiLogQuery = Static<typeof AiLogQuery>;

export const AiLogEntry = Type.Object({
  _id: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  communityId: Type.String(),
  contributionId: Type.Union([Type.String(), Type.Null()]),
  mode: Type.String(),
  size: Type.Integer(),
  durationMs: Type.Integer(),
  outcome: Type.String(),
  text: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});
export type AiLogEntry = Static<typeof AiLogEntry>;
export const AiLogReply = Type.Array(AiLogEntry);

/** GET /api/ai/status: which writing helps this server offers (the buttons of the others are hidden). */
export const AiStatusReply = Type.Object({ quick: Type.Boolean(), chat: Type.Boolean() });
export type AiStatusReply = Static<typeof AiStatusReply>;
