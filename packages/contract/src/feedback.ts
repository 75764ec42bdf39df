import { z } from 'zod';

/*
 * A candidate's feedback (spec §3 Feedback: rating, employer recommended, additional feedback), the one shape both
 * kinds answer with: feedback on an application process (applications.ts, board-candidates.ts) and feedback on a
 * job advert (job-reviews.ts). Each extends these fields rather than declaring its own, so the two cannot drift.
 */
export const feedbackFields = z.object({
  rating: z.number().int().min(1).max(5),
  /**
   * Whether the candidate would recommend the employer. Application feedback always answers it; job feedback is
   * null where the candidate did not say (ratings given before the question existed, or left unanswered).
   */
  employer_recommended: z.boolean().nullable(),
  additional_feedback: z.string().nullable(),
});
export type FeedbackFields = z.infer<typeof feedbackFields>;
