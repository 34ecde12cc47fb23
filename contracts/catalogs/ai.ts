/**
 * Writing help (issue 18 §3; spec part 1 §7, §8). The streamed reply's own failures are shown
 * by the editor as the spec's 'Une erreur s'est produite: {status}' / 'Une erreur réseau s'est
 * produite'; these are the refusals before anything is streamed.
 */
export const AiMessages = {
  notConfigured: 'This writing help ({mode}) is not configured on this server.',
  modeRequired: 'Choose one writing help: spell=quick|full|gpt4 or explain=turboExplain|turboExplain2|turboExplain3|davinci.',
  tooShort: 'Your text is too short: write at least {words} words to get an explanation.',
  tooManyRequests: 'Too many writing-help requests in a short time: wait {seconds} s, then try again.',
  failed: 'The writing help did not answer. Try again later.',
  noLanguage: 'The offline spell-check knows French and English only.',
} as const;
