import { Link } from '@remix-run/react';
import type { AttentionFigure } from './area-summary.server';
import './resources.css';

const countFormat = new Intl.NumberFormat('en-PH');

/** An area index's "Needs attention" panel: one card per figure, linking to the records behind it. */
export function AttentionPanel({ figures }: { readonly figures: readonly AttentionFigure[] }) {
  const pending = figures.filter((f) => f.count > 0);
  return (
    <section className="cas-panel cas-attention" aria-labelledby="attention-title">
      <h2 id="attention-title" className="cas-panel-title">
        Needs attention
      </h2>
      {pending.length === 0 ? <p>Nothing needs attention right now.</p> : null}
      <ul className="cas-attention__list">
        {figures.map((f) => {
          const count = `${countFormat.format(f.count)}${f.isCapped ? '+' : ''}`;
          const body = (
            <>
              <span className="cas-attention__count">{count}</span>
              <span className="cas-attention__label">{f.label}</span>
            </>
          );
          return (
            <li key={f.key} className="cas-attention__item" data-needs-attention={f.count > 0 ? 'true' : undefined}>
              {f.href ? (
                <Link to={f.href} className="cas-attention__link">
                  {body}
                </Link>
              ) : (
                <span className="cas-attention__link">{body}</span>
              )}
              {f.hint && f.count > 0 ? <p className="cas-attention__hint">{f.hint}</p> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
