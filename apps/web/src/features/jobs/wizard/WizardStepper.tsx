import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import type { WizardStep } from './job-wizard.search';

/**
 * The steps of the wizard: across the page on wide screens, down it on phones. A step can be opened once it has
 * been reached; the current one is announced as the current step.
 */
export function WizardStepper(props: {
  steps: readonly WizardStep[];
  current: WizardStep;
  /** Index of the furthest step reached: it and every step before it can be opened. */
  furthest: number;
  onSelect: (step: WizardStep) => void;
}) {
  const { t } = useTranslation('jobs');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const active = props.steps.indexOf(props.current);
  return (
    <Box component="nav" aria-label={t('wizard.stepsLabel')}>
      <Stepper nonLinear activeStep={active} orientation={phone ? 'vertical' : 'horizontal'} alternativeLabel={!phone}>
        {props.steps.map((step, i) => (
          <Step key={step} completed={i < props.furthest && i !== active} disabled={i > props.furthest}>
            <StepButton
              aria-current={i === active ? 'step' : undefined}
              onClick={() => {
                if (i !== active) props.onSelect(step);
              }}
            >
              {t(`wizard.steps.${step}`)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
    </Box>
  );
}
