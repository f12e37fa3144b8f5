export const RESET_SECOND_FACTOR = 'reset-second-factor';

export interface SecondFactorResetResult {
  readonly panelResult: { readonly message: string; readonly ok: boolean };
}
