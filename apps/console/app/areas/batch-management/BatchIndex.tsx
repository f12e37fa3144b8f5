import { Link, useLoaderData } from '@remix-run/react';
import type { Batch } from '@campus/api-contract';
import { AttentionPanel } from '../../features/resources/AttentionPanel';
import type { AttentionFigure } from '../../features/resources/area-summary.server';
import { BATCH_JOBS, BATCH_LIST, BATCH_VIEW } from './paths';
import { ProgressBar, useLiveData } from './parts';
import './batch.css';

/** The area's index page: what Batch Management is for, what needs attention, its three screens, the batches running now. */
export function BatchIndex() {
  const { running, attention } = useLoaderData<{ running: Batch[]; attention: AttentionFigure[] }>();
  useLiveData(running.length > 0);
  return (
    <>
      <h1 className="cas-page-title">Batch Management</h1>
      <p>Start, watch and steer long work: bulk changes, exports, imports and scheduled jobs.</p>
      {attention.length ? <AttentionPanel figures={attention} /> : null}
      <ul className="cas-tiles" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
        <li>
          <Link className="cas-tile" to={BATCH_LIST}>
            Batch
          </Link>
        </li>
        <li>
          <Link className="cas-tile" to={BATCH_JOBS}>
            Batch Jobs
          </Link>
        </li>
        <li>
          <Link className="cas-tile" to={BATCH_VIEW}>
            Batch View
          </Link>
        </li>
      </ul>
      <section className="cas-panel" aria-labelledby="running-now">
        <h2 id="running-now">Running now</h2>
        {running.length === 0 ? <p>Nothing is running.</p> : null}
        <ul>
          {running.map((b) => (
            <li key={b._id}>
              <Link to={`${BATCH_VIEW}?id=${b._id}`}>{b.summary}</Link>
              <ProgressBar done={b.done} failed={b.failed} total={b.total} countsJobs={b.countsJobs} progress={b.progress} label={`Progress of ${b.summary}`} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
