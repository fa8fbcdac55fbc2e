import { useState } from 'react';
import { useWizard } from '../wizard-context.tsx';
import { JourneySetup, type DistanceState } from './journey-setup.tsx';
import { ReviewGenerate } from './review-generate.tsx';

/**
 * The mileage-log builder inside the evidence step: the plan's 'journeys' step sets up the
 * journeys, 'journeys-review' reviews them and generates the log. Distance look-up state lives
 * here so it survives moving between the two.
 */
export function RebuildFlow() {
  const { state } = useWizard();
  const [distance, setDistance] = useState<Record<string, DistanceState>>({});
  const [distanceText, setDistanceText] = useState<Record<string, string>>({});
  if (state.currentStep === 'journeys-review') return <ReviewGenerate />;
  return (
    <JourneySetup
      distance={distance}
      setDistance={setDistance}
      distanceText={distanceText}
      setDistanceText={setDistanceText}
    />
  );
}
