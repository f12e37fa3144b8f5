import { useForm } from '@conform-to/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { ClockResult } from '@campus/api-contract';
import { dayStatusOf } from '@campus/domain-frs';
import { dailyRecordStatusOptions, timesheetColor, timesheetLabel } from '@campus/domain-hr';
import { formatDuration } from '@campus/formatters';
import { Button, Notice, PasswordField, TextField } from '@campus/ui';
import { FormNotice } from '../../components/FormNotice';
import { CameraCapture } from './CameraCapture';
import type { FormRefusal } from '../../lib/answers.server';
import type { action, loader } from './kiosk.server';

/** What the kiosk's forms answer: Conform's reply, the notice of a refusal, and who clocked in or out. */
type KioskAnswer = Pick<FormRefusal, 'result'> & Partial<Pick<FormRefusal, 'notice'>> & { clocked?: ClockResult };

export const meta: MetaFunction = () => [{ title: 'Attendance kiosk' }];

function statusLabels(codes: readonly number[]): string {
  return codes.map((c) => dailyRecordStatusOptions.find((o) => o.value === c)?.label ?? String(c)).join(', ');
}

function ClockAnswer({ result }: { result: ClockResult }) {
  if (result.outcome !== 'matched' || !result.dailyRecord) {
    return <Notice tone="warning" title={result.outcome === 'unknown' ? 'Not recognised' : 'Try again'} description={result.message} />;
  }
  const day = result.dailyRecord;
  const status = dayStatusOf(day);
  return (
    <section className="cas-panel" aria-labelledby="clocked-title">
      <Notice tone="success" title={result.action === 'time-in' ? 'Time in' : 'Time out'} description={result.message} />
      <h2 id="clocked-title" style={{ fontSize: '1.125rem' }}>
        {result.employee?.name} — daily time record of {day.date}
      </h2>
      <p>
        <span
          aria-hidden="true"
          style={{ display: 'inline-block', width: 12, height: 12, borderRadius: 6, background: timesheetColor(status), marginRight: 6 }}
        />
        Day status: {timesheetLabel(status)}
      </p>
      <dl className="cas-kiosk-record">
        <dt>Statuses</dt>
        <dd>{statusLabels(day.statuses)}</dd>
        <dt>Total</dt>
        <dd>{formatDuration(day.totalDuration)}</dd>
        <dt>Tardiness</dt>
        <dd>{formatDuration(day.tardinessDuration)}</dd>
        <dt>Undertime</dt>
        <dd>{formatDuration(day.undertimeDuration)}</dd>
      </dl>
    </section>
  );
}

/**
 * The device's position as `'latitude, longitude'` when the browser can tell and the person allows it; editable.
 * `typed` is what the last form sent, kept.
 */
function useDevicePosition(isSignedIn: boolean, typed: string): [string, (value: string) => void] {
  const [coordinates, setCoordinates] = useState(typed);
  useEffect(() => {
    if (!isSignedIn || !navigator.geolocation) return;
    navigator.geolocation.getCurrentPosition(
      (p) => setCoordinates((typed) => typed || `${p.coords.latitude.toFixed(6)}, ${p.coords.longitude.toFixed(6)}`),
      () => undefined,
      { maximumAge: 60_000, timeout: 10_000 },
    );
  }, [isSignedIn]);
  return [coordinates, setCoordinates];
}

/**
 * A liveness challenge may be answered for a minute only (decision 0053): while nobody has taken a photo yet, the
 * page fetches a fresh one every half minute, so a person walking up to an idle kiosk does not meet a stale one.
 * Without JavaScript a stale challenge is refused and the page that answers carries a new one.
 */
function useFreshChallenge(expiresAt: string | undefined): void {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setInterval(() => {
      const chosen = ['photo', 'photo2'].some((id) => ((document.getElementById(id) as HTMLInputElement | null)?.files?.length ?? 0) > 0);
      if (!chosen && revalidator.state === 'idle') revalidator.revalidate();
    }, 30_000);
    return () => window.clearInterval(timer);
  }, [expiresAt, revalidator]);
}

export default function KioskScreen() {
  const loaded = useLoaderData<typeof loader>();
  const result: KioskAnswer | undefined = useActionData<typeof action>();
  const [, fields] = useForm<{ deviceKey: string; photo: File; photo2: File; coordinates: string }>({ lastResult: result?.result });
  const isSubmitting = useNavigation().state === 'submitting';
  const { kiosk } = loaded;
  const [coordinates, setCoordinates] = useDevicePosition(Boolean(kiosk), fields.coordinates.initialValue ?? '');
  useFreshChallenge(kiosk?.challenge?.expiresAt);
  return (
    <main className="cas-auth-main" style={{ maxWidth: 640, margin: '0 auto', padding: 16 }}>
      <h1 className="cas-page-title">Attendance kiosk</h1>
      <FormNotice notice={result?.notice} />
      {'problem' in loaded && loaded.problem ? <Notice tone="warning" title="Device signed out" description={loaded.problem} /> : null}
      {!kiosk ? (
        <Form method="post" noValidate>
          <p>Sign this device in with the key HR received when registering it.</p>
          <PasswordField label="Device key" name="deviceKey" isRequired error={fields.deviceKey.errors?.[0]} />
          <Button type="submit" name="intent" value="sign-in" isDisabled={isSubmitting}>
            Sign in device
          </Button>
        </Form>
      ) : (
        <>
          <p>
            {kiosk.device.name} · {kiosk.device.building}, {kiosk.device.campus}
          </p>
          {result?.clocked ? <ClockAnswer result={result.clocked} /> : null}
          <Form method="post" encType="multipart/form-data" noValidate>
            <div className="cas-field">
              <label htmlFor="photo" className="cas-field__label">
                Photo of your face
              </label>
              <input id="photo" name="photo" type="file" accept="image/jpeg,image/png" capture="user" required aria-describedby="photo-help" />
              <p id="photo-help" className="cas-field__description">
                Look at the camera; on a phone or tablet the camera opens.
              </p>
              {fields.photo.errors?.[0] ? <p className="cas-field__error">{fields.photo.errors[0]}</p> : null}
              <CameraCapture inputId="photo" takeLabel={kiosk.challenge ? 'Take the first photo' : 'Take photo and clock in / out'} submitOnTake={!kiosk.challenge} />
            </div>
            {kiosk.challenge ? (
              <div className="cas-field">
                <input type="hidden" name="challenge" value={kiosk.challenge.id} />
                <label htmlFor="photo2" className="cas-field__label">
                  Second photo: {kiosk.challenge.prompt}
                </label>
                <input id="photo2" name="photo2" type="file" accept="image/jpeg,image/png" capture="user" required />
                {fields.photo2.errors?.[0] ? <p className="cas-field__error">{fields.photo2.errors[0]}</p> : null}
                <CameraCapture inputId="photo2" takeLabel="Take the second photo and clock in / out" submitOnTake />
              </div>
            ) : null}
            <TextField
              label="Coordinates"
              name="coordinates"
              value={coordinates}
              onChange={setCoordinates}
              description='Optional, as "latitude, longitude"; filled in from the device when it can tell.'
              error={fields.coordinates.errors?.[0]}
            />
            <Button type="submit" name="intent" value="clock" isDisabled={isSubmitting}>
              Clock in / out
            </Button>
          </Form>
          <Form method="post" style={{ marginTop: 24 }}>
            <Button type="submit" name="intent" value="sign-out" variant="ghost">
              Sign out device
            </Button>
          </Form>
        </>
      )}
    </main>
  );
}
