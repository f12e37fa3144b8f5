import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { apiFor, failureResponse } from '../../lib/api.server';
import { formValues } from '../../lib/forms.server';
import { assertSameOrigin } from '../../lib/security.server';
import { requireUser } from '../../lib/session.server';
import { problemOf } from './api-answers.server';

/** Registered devices with their places and geofences, and the recent clock attempts. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const api = await apiFor(request);
  const [devices, attempts] = await Promise.all([
    api.frs.listDevices({ query: { page: 1, limit: 100 } }),
    api.frs.listAttempts({ query: { page: 1, limit: 20 } }),
  ]);
  if (devices.status !== 200) throw failureResponse(devices.status, devices.body);
  if (attempts.status !== 200) throw failureResponse(attempts.status, attempts.body);
  return { devices: devices.body.rows, attempts: attempts.body.rows };
}

/**
 * Register (`intent=create`) answers the new device's key, shown once on this page; `rotate` replaces a key the
 * same way; `activate` / `deactivate` switch a device on or off (an inactive device's clock events are refused).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await requireUser(request);
  const api = await apiFor(request);
  const values = formValues(await request.formData());
  const id = values.id ?? '';
  if (values.intent === 'rotate') {
    const result = await api.frs.rotateDeviceKey({ params: { id } });
    if (result.status !== 200) return data(problemOf(result.body), { status: result.status });
    return { issued: { name: result.body.data.device.name, apiKey: result.body.data.apiKey } };
  }
  if (values.intent === 'activate' || values.intent === 'deactivate') {
    const result = await api.frs.updateDevice({ params: { id }, body: { isActive: values.intent === 'activate' } });
    if (result.status !== 200) return data(problemOf(result.body), { status: result.status });
    return { updated: result.body.data.name };
  }
  const result = await api.frs.createDevice({
    body: {
      name: values.name ?? '',
      campus: values.campus ?? '',
      building: values.building ?? '',
      coordinates: values.coordinates ?? '',
      geofenceRadius: Number(values.geofenceRadius || 'NaN'),
      requireLiveness: values.requireLiveness === 'on',
      isActive: true,
    },
  });
  if (result.status !== 201) return data({ ...problemOf(result.body), values }, { status: result.status });
  return { issued: { name: result.body.data.device.name, apiKey: result.body.data.apiKey } };
}

