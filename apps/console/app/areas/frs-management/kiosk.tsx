import { useForm } from '@conform-to/react';
import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import type { ClockResult } from '@campus/api-contract';
import { dayStatusOf } from '@campus/domain-frs';
import { dailyRecordStatusOptions, timesheetColor, timesheetLabel } from '@campus/domain-hr';
import { formatDuration } from '@campus/formatters';
import { Button, FileDrop, Notice, PasswordField, SiteBanner, TextField, useIsHydrated } from '@campus/ui';
import { FormNotice } from '../../components/FormNotice';
import { CameraCapture } from './CameraCapture';
import type { FormRefusal } from '../../lib/answers.server';
import type { action, loader } from './kiosk.server';
import './kiosk.css';
import { APP_TITLE } from '../../lib/constants';

/** What the kiosk's forms answer: Conform's reply, the notice of a refusal, and who clocked in or out. */
type KioskAnswer = Pick<FormRefusal, 'result'> & Partial<Pick<FormRefusal, 'notice'>> & { clocked?: ClockResult };

export const meta: MetaFunction = () => [{ title: 'Attendance kiosk' }];

function statusLabels(codes: readonly number[]): string {
  return codes.map((c) => dailyRecordStatusOptions.find((o) => o.value === c)?.label ?? String(c)).join(', ');
}

/** Seconds a recorded clock-in stays on screen before the kiosk clears itself for the next person. */
export const KIOSK_RESET_SECONDS = 10;

function ClockAnswer({ result, photo, secondsLeft, onNext }: { result: ClockResult; photo: string | null; secondsLeft: number | null; onNext: () => void }) {
  const picture = photo ? <img className="cas-kiosk-photo" src={photo} alt="The photo taken" /> : null;
  if (result.outcome !== 'matched' || !result.dailyRecord) {
    return (
      <section className="cas-kiosk-answer" data-outcome="retry" aria-live="polite">
        {picture}
        <Notice tone="warning" title={result.outcome === 'unknown' ? 'Not recognised' : 'Try again'} description={result.message} />
      </section>
    );
  }
  const day = result.dailyRecord;
  const status = dayStatusOf(day);
  return (
    <section className="cas-kiosk-answer" data-outcome="matched" aria-labelledby="clocked-title" aria-live="polite">
      {picture}
      <div className="cas-kiosk-answer__body">
        <Notice tone="success" title={result.action === 'time-in' ? 'Time in' : 'Time out'} description={result.message} />
        <h2 id="clocked-title" className="cas-kiosk-answer__name">
          {result.employee?.name} — daily time record of {day.date}
        </h2>
        <p>
          <span aria-hidden="true" className="cas-kiosk-answer__swatch" style={{ background: timesheetColor(status) }} />
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
        {secondsLeft !== null ? (
          <p className="cas-kiosk-answer__next">
            <span role="timer" aria-live="off">
              Ready for the next person in {secondsLeft} s.
            </span>{' '}
            <Button variant="secondary" onPress={onNext}>
              Next person
            </Button>
          </p>
        ) : (
          <p className="cas-kiosk-answer__next">
            This page clears itself in {KIOSK_RESET_SECONDS} seconds. <a href="/kiosk">Next person</a>
          </p>
        )}
      </div>
    </section>
  );
}

/** A preview of the photo in a file input (chosen, or taken by the camera), as an object URL. */
function usePhotoPreview(inputId: string): [string | null, () => void] {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const onChange = (e: Event) => {
      const input = e.target as HTMLInputElement | null;
      if (input?.id !== inputId) return;
      const file = input.files?.[0];
      setUrl((prior) => {
        if (prior) URL.revokeObjectURL(prior);
        return file ? URL.createObjectURL(file) : null;
      });
    };
    document.addEventListener('change', onChange);
    return () => document.removeEventListener('change', onChange);
  }, [inputId]);
  const clear = () =>
    setUrl((prior) => {
      if (prior) URL.revokeObjectURL(prior);
      return null;
    });
  return [url, clear];
}

/**
 * After a recorded clock-in or -out, a countdown; at zero (or on "Next person") the answer, the photo and the form
 * are cleared and a fresh challenge is fetched, so the kiosk is ready for the next person.
 */
function useResetForNext(answer: ClockResult | undefined, reset: () => void): [number | null, () => void] {
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  useEffect(() => {
    if (answer?.outcome !== 'matched') {
      setSecondsLeft(null);
      return;
    }
    setSecondsLeft(KIOSK_RESET_SECONDS);
    const timer = window.setInterval(() => setSecondsLeft((s) => (s === null ? null : Math.max(0, s - 1))), 1000);
    return () => window.clearInterval(timer);
  }, [answer]);
  useEffect(() => {
    if (secondsLeft === 0) {
      setSecondsLeft(null);
      reset();
    }
  }, [secondsLeft, reset]);
  return [secondsLeft, () => setSecondsLeft(0)];
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
  const isHydrated = useIsHydrated();
  const revalidator = useRevalidator();
  const [photo, clearPhoto] = usePhotoPreview('photo');
  const [shown, setShown] = useState<ClockResult | undefined>(result?.clocked);
  const [shownPhoto, setShownPhoto] = useState<string | null>(null);
  useEffect(() => {
    setShown(result?.clocked);
    if (result?.clocked) setShownPhoto(photo);
    // Only a new answer replaces what is shown; the photo is the one it answered.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  // The photo fields are drawn afresh for the next person (their chosen files are forgotten with them).
  const [round, setRound] = useState(0);
  const reset = useCallback(() => {
    setRound((r) => r + 1);
    setShown(undefined);
    setShownPhoto(null);
    clearPhoto();
    for (const id of ['photo', 'photo2']) {
      const input = document.getElementById(id) as HTMLInputElement | null;
      if (input) input.value = '';
    }
    if (revalidator.state === 'idle') revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revalidator]);
  const [secondsLeft, next] = useResetForNext(shown, reset);
  return (
    <>
      <SiteBanner title={APP_TITLE} />
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
            {shown ? (
              <>
                {!isHydrated && shown.outcome === 'matched' ? <meta httpEquiv="refresh" content={`${KIOSK_RESET_SECONDS};url=/kiosk`} /> : null}
                <ClockAnswer result={shown} photo={shownPhoto} secondsLeft={isHydrated ? secondsLeft : null} onNext={next} />
              </>
            ) : null}
            <Form method="post" encType="multipart/form-data" noValidate>
              <div className="cas-kiosk-photo-field">
                <FileDrop
                  key={`photo-${round}`}
                  id="photo"
                  label="Photo of your face"
                  name="photo"
                  accept="image/jpeg,image/png"
                  capture="user"
                  isRequired
                  description="Look at the camera; on a phone or tablet the camera opens."
                  error={fields.photo.errors?.[0]}
                />
                {photo && !shown ? <img className="cas-kiosk-photo cas-kiosk-photo--chosen" src={photo} alt="The photo chosen" /> : null}
                <CameraCapture inputId="photo" takeLabel={kiosk.challenge ? 'Take the first photo' : 'Take photo and clock in / out'} submitOnTake={!kiosk.challenge} />
              </div>
              {kiosk.challenge ? (
                <div className="cas-kiosk-photo-field">
                  <input type="hidden" name="challenge" value={kiosk.challenge.id} />
                  <FileDrop
                    key={`photo2-${round}`}
                    id="photo2"
                    label={`Second photo: ${kiosk.challenge.prompt}`}
                    name="photo2"
                    accept="image/jpeg,image/png"
                    capture="user"
                    isRequired
                    error={fields.photo2.errors?.[0]}
                  />
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
    </>
  );
}
