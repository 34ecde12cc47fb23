/** Catalog `timeMachine` (contracts/messageCodes.ts): codes `timeMachine.<key>`. */
export const TimeMachineMessages = {
  viewNotFound: 'view not found.',
  frameOutOfRange: 'No such frame.',
  badTime: 'time must be an ISO-8601 instant.',
  fromAfterAt: 'from must not be later than at.',
} as const;
