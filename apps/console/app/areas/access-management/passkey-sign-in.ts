/** The sign-in page's intent that posts a passkey's answer (signing in without a password, decision 0058). */
export const SIGN_IN_WITH_PASSKEY = 'passkey';
