import { useTranslation } from 'react-i18next';

/**
 * "Would recommend the employer" as both kinds of candidate feedback answer it (application and job feedback share
 * the contract's feedbackFields): Yes or No, and nothing at all where the candidate did not say (null), so an
 * unanswered question never reads as a No.
 */
export function useEmployerRecommended() {
  const { t } = useTranslation();
  return (value: boolean | null): { label: string; answer: string; line: string } | null => {
    if (value === null) return null;
    const answer = value ? t('feedback.yes') : t('feedback.no');
    return { label: t('feedback.recommended'), answer, line: t('feedback.recommendedAnswer', { answer }) };
  };
}
