/** A screen of spec §2 that has no records page yet: reachable from the menu, and saying what it is. */
export function PlannedScreen({ title, area }: { title: string; area: string }) {
  return (
    <>
      <h1 className="cas-page-title">{title}</h1>
      <div className="cas-panel">
        <p style={{ margin: 0 }}>
          {title} is part of {area}. Its records will appear here.
        </p>
      </div>
    </>
  );
}
