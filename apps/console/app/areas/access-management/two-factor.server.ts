import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import {
  PasskeyRegistrationResponseSchema,
  RegisterPasskeySchema,
  RenamePasskeySchema,
  secondFactorContract,
} from '@campus/api-contract';
import { z } from 'zod';
import { answerOf, formAnswerOf, invalidForm, type FormNoticeData } from '../../lib/answers.server';
import {
  CONFIRM_TOTP,
  REGISTER_PASSKEY,
  REMOVE_PASSKEY,
  RENAME_PASSKEY,
  START_TOTP,
  TURN_OFF_TOTP,
  type TwoFactorActionData,
  type TwoFactorPage,
} from './two-factor';
import { cookiesFor } from '../../lib/cookies.server';
import { signedIn } from '../../lib/request.server';
import { PASSKEY_OPTIONS } from './passkey-ceremony';
import { jsonField, passkeyOptionsAnswer } from './passkeys.server';


export async function loadTwoFactor(request: Request): Promise<TwoFactorPage> {
  const { api } = await signedIn(request);
  const [status, passkeys] = await Promise.all([api.secondFactor.getSecondFactor(), api.passkeys.listPasskeys()]);
  return { status: answerOf(status, 200).data, passkeys: answerOf(passkeys, 200).data };
}

const passkeyId = z.string().uuid('Not a passkey id.');

/** The page's forms, one per intent, read with the contract's own schemas. */
const TwoFactorForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal(START_TOTP) }),
  secondFactorContract.confirmSecondFactorEnrolment.body
    .extend({ intent: z.literal(CONFIRM_TOTP), secret: z.string().max(200).default('') })
    .strip(),
  secondFactorContract.turnOffSecondFactor.body.extend({ intent: z.literal(TURN_OFF_TOTP) }).strip(),
  z.object({ intent: z.literal(PASSKEY_OPTIONS) }),
  RegisterPasskeySchema.extend({ intent: z.literal(REGISTER_PASSKEY), response: jsonField(PasskeyRegistrationResponseSchema) }).strip(),
  RenamePasskeySchema.extend({ intent: z.literal(RENAME_PASSKEY), id: passkeyId }).strip(),
  z.object({ intent: z.literal(REMOVE_PASSKEY), id: passkeyId }),
]);

const success = (description: string): FormNoticeData => ({ tone: 'success', title: 'Success!', description });

/**
 * Two-factor sign-in on the profile: the authenticator app (`start`, `confirm` with the first code, then the recovery
 * codes once; `off`), and passkeys (`passkey-options` and `register-passkey` from the page's script, `rename-passkey`,
 * `remove-passkey`). A session that owed an enrolment is whole once it has a factor, and goes on to a waiting application.
 */
export async function twoFactorAction(request: Request, form: FormData) {
  const { api } = await signedIn(request);
  const submission = parseWithZod(form, { schema: TwoFactorForm, disableAutoCoercion: true });
  if (submission.status !== 'success') return invalidForm(submission);
  const input = submission.value;
  switch (input.intent) {
    case START_TOTP: {
      const answer = formAnswerOf(await api.secondFactor.startSecondFactorEnrolment(), 200, submission, { shownStatuses: [409] });
      if (answer.refusal) return answer.refusal;
      const qrSrc = `data:image/svg+xml;base64,${Buffer.from(answer.body.data.qrSvg).toString('base64')}`;
      return data<TwoFactorActionData>({ enrolment: { secret: answer.body.data.secret, qrSrc } });
    }
    case TURN_OFF_TOTP: {
      const answer = formAnswerOf(await api.secondFactor.turnOffSecondFactor({ body: { code: input.code } }), 200, submission, {
        shownStatuses: [409],
      });
      if (answer.refusal) return answer.refusal;
      return data<TwoFactorActionData>({ result: submission.reply({ resetForm: true }), notice: success('Two-factor sign-in is off.') });
    }
    case CONFIRM_TOTP: {
      const result = await api.secondFactor.confirmSecondFactorEnrolment({ body: { code: input.code } });
      const answer = formAnswerOf(result, 200, submission);
      if (answer.refusal) {
        // The enrolment goes on: the same secret, the code to type again.
        const refused = answer.refusal.data;
        return data<TwoFactorActionData>({ ...refused, enrolment: { secret: input.secret } }, { status: result.status });
      }
      return enrolled(request, { recoveryCodes: answer.body.data.recoveryCodes });
    }
    case PASSKEY_OPTIONS:
      return passkeyOptionsAnswer(await api.passkeys.startPasskeyRegistration());
    case REGISTER_PASSKEY: {
      const { intent: _intent, ...body } = input;
      const answer = formAnswerOf(await api.passkeys.registerPasskey({ body }), 200, submission, { shownStatuses: [409] });
      if (answer.refusal) return answer.refusal;
      return enrolled(request, { notice: success(`Passkey "${answer.body.data.name}" added.`), result: submission.reply({ resetForm: true }) });
    }
    case RENAME_PASSKEY: {
      const answer = formAnswerOf(await api.passkeys.renamePasskey({ params: { id: input.id }, body: { name: input.name } }), 200, submission);
      if (answer.refusal) return answer.refusal;
      return data<TwoFactorActionData>({ result: submission.reply({ resetForm: true }), notice: success(`Passkey renamed to "${answer.body.data.name}".`) });
    }
    case REMOVE_PASSKEY: {
      const answer = formAnswerOf(await api.passkeys.removePasskey({ params: { id: input.id } }), 200, submission, { shownStatuses: [409] });
      if (answer.refusal) return answer.refusal;
      return data<TwoFactorActionData>({ result: submission.reply({ resetForm: true }), notice: success('Passkey removed.') });
    }
  }
}

/**
 * After a factor was added: a session that had to enrol is whole now (the API decided it with the same write), and an
 * application waiting for this sign-in gets its answer once the user has read what the page shows.
 */
async function enrolled(request: Request, shown: TwoFactorActionData) {
  const { session: storage } = cookiesFor(request);
  const session = await storage.getSession(request.headers.get('cookie'));
  if (session.get('secondFactor') !== 'enrol') return data<TwoFactorActionData>(shown);
  // Still owed (an IAM administrator who must have a passkey added an authenticator app): the session stays as it is.
  const { api } = await signedIn(request);
  if (isStillOwed(answerOf(await api.secondFactor.getSecondFactor(), 200).data)) return data<TwoFactorActionData>(shown);
  const uid = session.get('signInRequest');
  session.unset('secondFactor');
  session.unset('signInRequest');
  const headers = new Headers({ 'Set-Cookie': await storage.commitSession(session) });
  return data<TwoFactorActionData>({ ...shown, ...(uid && session.get('token') ? { continueTo: `/auth?interaction=${encodeURIComponent(uid)}` } : {}) }, { headers });
}

/** Whether an enrolment is still owed: a passkey the account must have, or any second factor it must have. */
function isStillOwed(status: TwoFactorPage['status']): boolean {
  if (status.passkeyRequired) return status.passkeys === 0;
  return status.required && !status.enrolled && status.passkeys === 0;
}
