import { APP_VERSION } from '../lib/constants';

/**
 * A screen of spec §2 that this version does not provide yet (the chatbot, support, face recognition, migration,
 * analytics and batch areas): it stays reachable from its area's menu and says plainly that it is not available,
 * rather than answering 404 for a screen the product names.
 */
export function PlannedScreen({ title, area }: { title: string; area: string }) {
  return (
    <>
      <h1 className="cas-page-title">{title}</h1>
      <div className="cas-panel" role="status">
        <p style={{ margin: 0 }}>
          {title} ({area}) is not available in version {APP_VERSION}. Records managed here will be added in a later
          release.
        </p>
      </div>
    </>
  );
}
