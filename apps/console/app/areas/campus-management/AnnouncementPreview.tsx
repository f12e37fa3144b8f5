import type { EntityRecord } from '@campus/api-contract';

/**
 * An announcement as readers see it. The body is shown as text — never as HTML — so markup typed into it is
 * displayed, not run; paragraphs and line breaks are kept.
 */
export function AnnouncementPreview({ record }: { readonly record: EntityRecord }) {
  const body = typeof record.body === 'string' ? record.body : '';
  return (
    <section className="cas-panel cas-announcement" aria-labelledby="announcement-preview">
      <h2 id="announcement-preview" className="cas-panel-title">
        Preview
      </h2>
      <article>
        <h3>{String(record.title ?? '')}</h3>
        {body.split(/\n{2,}/).map((paragraph, i) => (
          <p key={i} style={{ whiteSpace: 'pre-line' }}>
            {paragraph}
          </p>
        ))}
      </article>
    </section>
  );
}
