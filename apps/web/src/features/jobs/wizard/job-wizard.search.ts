import { z } from 'zod';

/** The six steps of the spec's job posting (§2), in order; the URL names them (`?step=screening`). */
export const WIZARD_STEPS = ['details', 'additional', 'application', 'screening', 'overview', 'payment'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/**
 * `/jobs/create` and `/jobs/edit?id=…&step=…`. Junk falls back to nothing instead of erroring, so an outdated or
 * hand-edited link still opens the wizard (at the first incomplete step).
 */
export const jobWizardSearch = z.object({
  id: z.uuid().optional().catch(undefined),
  step: z.enum(WIZARD_STEPS).optional().catch(undefined),
});
export type JobWizardSearch = z.infer<typeof jobWizardSearch>;
