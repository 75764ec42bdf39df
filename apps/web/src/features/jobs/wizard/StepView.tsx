import { AdditionalStep } from './AdditionalStep';
import { ApplicationStep } from './ApplicationStep';
import { DetailsStep } from './DetailsStep';
import type { SitePathParams } from './JobWizard';
import { OverviewStep } from './OverviewStep';
import { PaymentStep } from './PaymentStep';
import { ScreeningStep } from './ScreeningStep';
import type { StepContext } from './wizard-context';

/** The current step's screen. Every step after the first works on a saved job. */
export function StepView({ ctx, params }: { ctx: StepContext; params: SitePathParams }) {
  const { job } = ctx;
  if (!job || ctx.step === 'details') return <DetailsStep ctx={ctx} />;
  switch (ctx.step) {
    case 'additional':
      return <AdditionalStep ctx={ctx} job={job} />;
    case 'application':
      return <ApplicationStep ctx={ctx} job={job} />;
    case 'screening':
      return <ScreeningStep ctx={ctx} job={job} />;
    case 'overview':
      return <OverviewStep ctx={ctx} job={job} params={params} />;
    case 'payment':
      return <PaymentStep ctx={ctx} job={job} params={params} />;
  }
}
