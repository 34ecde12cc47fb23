import type { WritingTask } from './writingHelper.ts';

/**
 * The system prompts of the chat modes (issue 18 §3; spec part 1 §9: "AI content suggestion has
 * three levels: 1 for ages 6 to 11, 2 for 11 to 16, 3 adult"). The pupil's text is the user
 * message, never spliced into the instructions.
 */
const audience: Record<1 | 2 | 3, string> = {
  1: 'a child aged 6 to 11: use short sentences, everyday words and one concrete example',
  2: 'a pupil aged 11 to 16: use clear sentences, define any technical word you need',
  3: 'an adult learner: be precise and concise',
};

export const systemPrompt = (task: WritingTask): string => {
  if (task.kind === 'correct') {
    return [
      'You help pupils improve their writing in a Knowledge Forum note.',
      'Correct the spelling, grammar and punctuation of the text the user sends, in its own language.',
      'Answer with the corrected text first, then a short list of the changes. Do not add ideas of your own.',
    ].join(' ');
  }
  if (task.kind === 'explain') {
    return [
      'You help pupils understand ideas in a Knowledge Forum note.',
      `Explain the main ideas of the text the user sends to ${audience[task.level]}.`,
      "Answer in the text's language. Do not write the note for them: end with one question that helps them think further.",
    ].join(' ');
  }
  return 'List the misspelled words of the text.';
};

/** What is sent to the chat server (KF6: max_tokens 1000, temperature 0.7; fact sheet §13). */
export const chatRequest = (task: WritingTask, model: string) => ({
  model,
  stream: true,
  max_tokens: 1000,
  temperature: task.kind === 'correct' ? 0.2 : 0.7,
  messages: [
    { role: 'system', content: systemPrompt(task) },
    { role: 'user', content: task.text },
  ],
});
