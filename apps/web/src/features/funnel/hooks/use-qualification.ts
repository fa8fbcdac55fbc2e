import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import {
  ensureFunnelSessionId,
  getAffiliate,
  getAssessmentData,
  getQualificationAnswer,
  getUtmData,
  recordAssessmentStep,
  saveAffiliate,
  saveQualificationAnswer,
  type FunnelNavigationState,
  type QualificationAnswer,
} from '../../../lib/funnel-storage.ts';

/**
 * The landing's earnings question (SPEC §2): Yes starts or continues the funnel session and goes to
 * /expenses with the navigation state (mirrored in session storage, D1); No stays with a message.
 */
export function useQualification() {
  const navigate = useNavigate();
  const params = useParams();
  const [answer, setAnswer] = useState<QualificationAnswer | null>(() => getQualificationAnswer());

  const answerYes = () => {
    saveQualificationAnswer('yes');
    setAnswer('yes');
    const routeAffiliate = params.affiliateName ?? params.directAffiliate;
    const affiliateName = routeAffiliate ? saveAffiliate(routeAffiliate) : getAffiliate();
    const sessionId = ensureFunnelSessionId();
    const previous = getAssessmentData();
    const assessmentData = recordAssessmentStep(
      'qualification_completed',
      previous ? { ...previous, qualifies: 'yes' } : null,
    );
    const state: FunnelNavigationState = { sessionId, assessmentData, affiliateName, utmData: getUtmData() };
    void navigate(paths.expenses.getHref(), { state });
  };

  const answerNo = () => {
    saveQualificationAnswer('no');
    setAnswer('no');
  };

  return { answer, answerYes, answerNo };
}
