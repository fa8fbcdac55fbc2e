/** Browser session key holding the wizard's own session id (SPEC §3, D5). */
export const SESSION_STORAGE_KEY = 'onboarding_session_id';
