import { useEffect, useRef, useState } from 'react';
import { Button, useIsHydrated } from '@campus/ui';

export interface CameraCaptureProps {
  /** The id of the form's file input the photos go into: the form posts them as if they had been chosen. */
  readonly inputId: string;
  /** What the capture button says, e.g. "Take photo". */
  readonly takeLabel: string;
  /** Keep earlier photos in the input (enrolment takes several); otherwise a new photo replaces the last. */
  readonly keep?: boolean;
  /** Submit the form as soon as the photo is in the input (the kiosk's one-press clock-in). */
  readonly submitOnTake?: boolean;
}

type CameraState = { kind: 'off' } | { kind: 'starting' } | { kind: 'on' } | { kind: 'failed'; message: string };

/**
 * The page's camera for a file input: a live preview and a button that takes a photo into the input. Shown only
 * with JavaScript and where the browser offers a camera; the file input stays usable beside it either way, so a
 * device without a camera (or a browser that refuses it) chooses a file instead.
 */
export function CameraCapture({ inputId, takeLabel, keep = false, submitOnTake = false }: CameraCaptureProps) {
  const isHydrated = useIsHydrated();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>({ kind: 'off' });
  const [taken, setTaken] = useState(0);

  const stop = () => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    setState({ kind: 'off' });
  };
  useEffect(() => () => stream.current?.getTracks().forEach((t) => t.stop()), []);

  if (!isHydrated || typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;

  const start = async () => {
    setState({ kind: 'starting' });
    try {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 } }, audio: false });
      stream.current = media;
      if (video.current) {
        video.current.srcObject = media;
        // A muted preview needs no permission to play; the photo button appears with its first frame (onLoadedData).
        video.current.play().catch(() => undefined);
      }
    } catch {
      setState({ kind: 'failed', message: 'The camera could not be opened. Choose a photo file instead.' });
    }
  };

  const take = async () => {
    const v = video.current;
    const input = document.getElementById(inputId);
    if (!v || !(input instanceof HTMLInputElement) || !v.videoWidth) return;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    if (!blob) return;
    const files = new DataTransfer();
    if (keep) for (const f of Array.from(input.files ?? [])) files.items.add(f);
    files.items.add(new File([blob], `camera-${files.items.length + 1}.jpg`, { type: 'image/jpeg' }));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    setTaken(files.files.length);
    if (submitOnTake) input.form?.requestSubmit();
  };

  return (
    <div className="cas-camera">
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera preview"
        hidden={state.kind !== 'on' && state.kind !== 'starting'}
        onLoadedData={() => setState((now) => (now.kind === 'starting' ? { kind: 'on' } : now))}
        style={{ width: '100%', maxWidth: 480, borderRadius: 8, background: '#111' }}
      />
      <div className="cas-camera__actions" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', margin: '8px 0' }}>
        {state.kind === 'on' ? (
          <>
            <Button type="button" onPress={() => void take()}>
              {takeLabel}
            </Button>
            <Button type="button" variant="secondary" onPress={stop}>
              Turn the camera off
            </Button>
          </>
        ) : (
          <Button type="button" variant="secondary" onPress={() => void start()} isDisabled={state.kind === 'starting'}>
            Use the camera
          </Button>
        )}
      </div>
      <p role="status" className="cas-field__description">
        {state.kind === 'failed' ? state.message : taken > 0 ? `${taken} ${taken === 1 ? 'photo' : 'photos'} taken with the camera.` : ''}
      </p>
    </div>
  );
}
