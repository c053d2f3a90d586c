import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';

/**
 * Profanity filter for what participants type that may reach a screen (word-cloud answers here; Q&A
 * questions may use it too). `obscenity`'s English dataset with its recommended transformers, so
 * leetspeak, repeated letters and confusable characters are caught ("sh1t", "fuuuck").
 */
const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

export function isProfane(text: string): boolean {
  return matcher.hasMatch(text);
}
