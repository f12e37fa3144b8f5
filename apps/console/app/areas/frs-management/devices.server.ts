import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { DeviceInputSchema } from '@campus/api-contract';
import { z } from 'zod';
import { answerOf, formAnswerOf, invalidForm } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';
import { assertSameOrigin } from '../../lib/security.server';

/** Registered devices with their places and geofences, and the recent clock attempts. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { api } = await signedIn(request);
  const [devices, attempts] = await Promise.all([
    api.frs.listDevices({ query: { page: 1, limit: 100 } }),
    api.frs.listAttempts({ query: { page: 1, limit: 20 } }),
  ]);
  return { devices: answerOf(devices, 200).rows, attempts: answerOf(attempts, 200).rows };
}

/** The forms of the page, one per intent: register a device, replace its key, switch it on or off. */
const DeviceForm = z.discriminatedUnion('intent', [
  DeviceInputSchema.extend({ intent: z.literal('create') }),
  z.object({ intent: z.literal('rotate'), id: z.string() }),
  z.object({ intent: z.literal('activate'), id: z.string() }),
  z.object({ intent: z.literal('deactivate'), id: z.string() }),
]);

/**
 * Register (`intent=create`) answers the new device's key, shown once on this page; `rotate` replaces a key the
 * same way; `activate` / `deactivate` switch a device on or off (an inactive device's clock events are refused).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const { api } = await signedIn(request);
  const submission = parseWithZod(await request.formData(), { schema: DeviceForm });
  if (submission.status !== 'success') return invalidForm(submission);
  const form = submission.value;
  if (form.intent === 'rotate') {
    const { data } = answerOf(await api.frs.rotateDeviceKey({ params: { id: form.id } }), 200);
    return { result: submission.reply({ resetForm: true }), issued: { name: data.device.name, apiKey: data.apiKey } };
  }
  if (form.intent === 'activate' || form.intent === 'deactivate') {
    const answer = formAnswerOf(await api.frs.updateDevice({ params: { id: form.id }, body: { isActive: form.intent === 'activate' } }), 200, submission);
    if (answer.refusal) return answer.refusal;
    return { result: submission.reply({ resetForm: true }), updated: answer.body.data.name };
  }
  const { intent: _intent, ...device } = form;
  const answer = formAnswerOf(await api.frs.createDevice({ body: device }), 201, submission);
  if (answer.refusal) return answer.refusal;
  const { data } = answer.body;
  return { result: submission.reply({ resetForm: true }), issued: { name: data.device.name, apiKey: data.apiKey } };
}
