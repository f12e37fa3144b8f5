import { useForm } from '@conform-to/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Button, Checkbox, Notice, TextField } from '@campus/ui';
import { FormNotice } from '../../components/FormNotice';
import { APP_TITLE } from '../../lib/constants';
import type { FormRefusal } from '../../lib/answers.server';
import type { action, loader } from './devices.server';

export const meta: MetaFunction = () => [{ title: `Device Locations · ${APP_TITLE}` }];

type ActionResult = Pick<FormRefusal, 'result'> & Partial<Pick<FormRefusal, 'notice'>> & {
  issued?: { name: string; apiKey: string };
  updated?: string;
};

export default function DevicesScreen() {
  const { devices, attempts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const isSubmitting = useNavigation().state === 'submitting';
  const [, fields] = useForm<{ name: string; campus: string; building: string; coordinates: string; geofenceRadius: string; requireLiveness: string }>({
    lastResult: result?.result,
  });
  return (
    <>
      <h1 className="cas-page-title">Device Locations</h1>
      <FormNotice notice={result?.notice} />
      {result?.issued ? (
        <Notice
          tone="success"
          title={`Key of ${result.issued.name}`}
          description={
            <>
              Enter this key on the device&apos;s kiosk page now; it is not shown again:{' '}
              <code data-testid="device-key">{result.issued.apiKey}</code>
            </>
          }
        />
      ) : null}
      {result?.updated ? (
        <Notice tone="success" title="Success!" description={`${result.updated} was updated.`} />
      ) : null}
      <section className="cas-panel" aria-labelledby="register-title">
        <h2 id="register-title" style={{ marginTop: 0, fontSize: '1.125rem' }}>
          Register a device
        </h2>
        <Form method="post" noValidate>
          <TextField label="Name" name="name" isRequired defaultValue={fields.name.initialValue} error={fields.name.errors?.[0]} />
          <TextField
            label="Campus"
            name="campus"
            isRequired
            defaultValue={fields.campus.initialValue}
            error={fields.campus.errors?.[0]}
          />
          <TextField
            label="Building"
            name="building"
            isRequired
            defaultValue={fields.building.initialValue}
            error={fields.building.errors?.[0]}
          />
          <TextField
            label="Coordinates"
            name="coordinates"
            isRequired
            description='As "latitude, longitude", e.g. "14.6537, 121.0685".'
            defaultValue={fields.coordinates.initialValue}
            error={fields.coordinates.errors?.[0]}
          />
          <TextField
            label="Geofence radius (m)"
            name="geofenceRadius"
            type="number"
            isRequired
            defaultValue={fields.geofenceRadius.initialValue}
            error={fields.geofenceRadius.errors?.[0]}
          />
          <Checkbox name="requireLiveness" value="on" defaultSelected={fields.requireLiveness.initialValue === 'on'}>
            Require a liveness check (two photos, turning the head as asked)
          </Checkbox>
          <Button type="submit" name="intent" value="create" isDisabled={isSubmitting}>
            Register
          </Button>
        </Form>
      </section>
      <section className="cas-panel" aria-labelledby="devices-title">
        <h2 id="devices-title" style={{ marginTop: 0, fontSize: '1.125rem' }}>
          Devices
        </h2>
        {devices.length === 0 ? (
          <Notice tone="info" title="No device is registered yet." />
        ) : (
          <div className="cas-data-table" style={{ position: 'relative', overflowX: 'auto' }}>
            <table>
              <caption className="cas-visually-hidden">Devices</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Campus</th>
                  <th scope="col">Building</th>
                  <th scope="col">Coordinates</th>
                  <th scope="col">Geofence</th>
                  <th scope="col">Liveness</th>
                  <th scope="col">Key</th>
                  <th scope="col">Active</th>
                  <th scope="col">Last seen</th>
                  <th scope="col">
                    <span className="cas-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {devices.map((d) => (
                  <tr key={d._id}>
                    <td>{d.name}</td>
                    <td data-label="Campus">{d.campus}</td>
                    <td data-label="Building">{d.building}</td>
                    <td data-label="Coordinates">{d.coordinates}</td>
                    <td data-label="Geofence">{d.geofenceRadius} m</td>
                    <td data-label="Liveness">{d.requireLiveness ? 'Required' : 'No'}</td>
                    <td data-label="Key">
                      <code>{d.keyPrefix}…</code>
                    </td>
                    <td data-label="Active">{d.isActive ? 'Active' : 'Inactive'}</td>
                    <td data-label="Last seen">
                      {d.lastSeenAt ? `${d.lastSeenAt.slice(0, 10)} ${d.lastSeenAt.slice(11, 16)}` : 'Never'}
                    </td>
                    <td>
                      <Form method="post" style={{ display: 'flex', gap: 8 }}>
                        <input type="hidden" name="id" value={d._id} />
                        <Button
                          type="submit"
                          name="intent"
                          value="rotate"
                          variant="secondary"
                          aria-label={`New key for ${d.name}`}
                        >
                          New key
                        </Button>
                        <Button
                          type="submit"
                          name="intent"
                          value={d.isActive ? 'deactivate' : 'activate'}
                          variant="secondary"
                          aria-label={`${d.isActive ? 'Deactivate' : 'Activate'} ${d.name}`}
                        >
                          {d.isActive ? 'Deactivate' : 'Activate'}
                        </Button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="cas-panel" aria-labelledby="attempts-title">
        <h2 id="attempts-title" style={{ marginTop: 0, fontSize: '1.125rem' }}>
          Recent clock attempts
        </h2>
        <div className="cas-data-table" style={{ position: 'relative', overflowX: 'auto' }}>
          <table>
            <caption className="cas-visually-hidden">Recent clock attempts with their scores</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Device</th>
                <th scope="col">Outcome</th>
                <th scope="col">Employee</th>
                <th scope="col">Similarity</th>
                <th scope="col">Second best</th>
                <th scope="col">Anti-spoof</th>
                <th scope="col">Geofence</th>
              </tr>
            </thead>
            <tbody>
              {attempts.map((a) => (
                <tr key={a._id}>
                  <td>{`${a.createdAt.slice(0, 10)} ${a.createdAt.slice(11, 19)}`}</td>
                  <td data-label="Device">{a.deviceName}</td>
                  <td data-label="Outcome">
                    {a.outcome}
                    {a.action ? ` (${a.action})` : ''}
                  </td>
                  <td data-label="Employee">{a.employeeName ?? ''}</td>
                  <td data-label="Similarity">{a.score === null ? '' : a.score.toFixed(3)}</td>
                  <td data-label="Second best">{a.secondScore === null ? '' : a.secondScore.toFixed(3)}</td>
                  <td data-label="Anti-spoof">
                    {a.antispoofScore === null ? '' : a.antispoofScore.toFixed(2)}
                  </td>
                  <td data-label="Geofence">{a.outsideGeofence ? 'Outside (flagged)' : 'Inside'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
