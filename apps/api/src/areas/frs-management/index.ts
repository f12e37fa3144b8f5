import type { FastifyInstance, FastifyRequest } from 'fastify';
import { frsContract } from '@campus/api-contract';
import type { AppContext } from '../../context.js';
import { FaceIndex } from './face-index.js';
import { sharedRecognizer, type Recognizer } from './recognition/recognizer.js';
import { sealer as sealerFor, secretKey } from '../../platform/sealer.js';
import { EMBEDDING_DIMENSIONS, FACES_CHANNEL, loadEmbeddings, readSettings, type FrsState } from './state.js';
import { clock } from './routes/clock.js';
import { createDevice } from './routes/create-device.js';
import { deleteFace } from './routes/delete-face.js';
import { enrolFace } from './routes/enrol-face.js';
import { getKiosk } from './routes/get-kiosk.js';
import { listAttempts } from './routes/list-attempts.js';
import { listDevices } from './routes/list-devices.js';
import { listFaces } from './routes/list-faces.js';
import { rotateDeviceKey } from './routes/rotate-device-key.js';
import { getSettings, updateSettings } from './routes/settings.js';
import { updateDevice } from './routes/update-device.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The FRS area's state (its face index), for tests and diagnostics. */
    frs: FrsState;
  }
}

export interface FrsAreaOptions {
  readonly recognizer?: Recognizer;
  readonly env?: NodeJS.ProcessEnv;
  /** Load and run the models once at start, so the first clock event does not wait for them (default: on,
   * except under the test runner, where each test file would pay for it; `FRS_WARM_MODELS=0` turns it off). */
  readonly warm?: boolean;
}

type Page = { page: number; limit: number };
interface Input {
  params: Record<string, string>;
  query: unknown;
  body: unknown;
  request: FastifyRequest;
}

/**
 * Facial Recognition Management (launcher code FRS): face enrolment, devices and places, the attempts log,
 * settings, and the device-facing kiosk and clock. The 1:N index is loaded from the database before the area
 * serves, and kept current through LISTEN/NOTIFY on `frs_faces` — enrolments made by any API process.
 */
export async function frsArea(ctx: AppContext, app: FastifyInstance, options: FrsAreaOptions = {}) {
  const env = options.env ?? process.env;
  const sealer = sealerFor(secretKey(env, ctx.config.dataDir, 'FRS_ENCRYPTION_KEY', 'frs-key'));
  const index = new FaceIndex(EMBEDDING_DIMENSIONS);
  const refresh = async (employeeId: string) => {
    const found = await loadEmbeddings(ctx.db, sealer, employeeId);
    index.replace(employeeId, found.get(employeeId) ?? []);
  };
  const state: FrsState = {
    ctx,
    recognizer: options.recognizer ?? sharedRecognizer(),
    index,
    sealer,
    timeZone: env.FRS_TIME_ZONE || 'Asia/Manila',
    settings: (db = ctx.db) => readSettings(db),
    refresh,
  };
  const stopListening = await ctx.database.listen(FACES_CHANNEL, (employeeId) => {
    refresh(employeeId).catch((error: unknown) => app.log.error({ err: error }, 'face index refresh failed'));
  });
  index.load(await loadEmbeddings(ctx.db, sealer));
  if (options.warm ?? (env.FRS_WARM_MODELS !== '0' && !env.VITEST)) {
    state.recognizer.warm().catch((error: unknown) => app.log.error({ err: error }, 'face models failed to load'));
  }
  app.addHook('onClose', () => stopListening());
  app.decorate('frs', state);

  const implementation = {
    listFaces: ({ query }: Input) => listFaces(state, query as Page),
    enrolFace: ({ request }: Input) => enrolFace(state, request),
    deleteFace: ({ params, request }: Input) => deleteFace(state, request, params.employeeId!),
    listDevices: ({ query }: Input) => listDevices(state, query as Page),
    createDevice: ({ body, request }: Input) => createDevice(state, request, body as never),
    updateDevice: ({ params, body, request }: Input) => updateDevice(state, request, params.id!, body as never),
    rotateDeviceKey: ({ params, request }: Input) => rotateDeviceKey(state, request, params.id!),
    listAttempts: ({ query }: Input) => listAttempts(state, query as Page),
    getSettings: () => getSettings(state),
    updateSettings: ({ body, request }: Input) => updateSettings(state, request, body as never),
    getKiosk: ({ request }: Input) => getKiosk(state, request),
    clock: ({ request }: Input) => clock(state, request),
  };
  return {
    contract: frsContract,
    implementation,
    state,
  };
}
