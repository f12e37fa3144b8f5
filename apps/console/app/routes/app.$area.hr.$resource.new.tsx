// Human Resources records under /app/{area}/hr/{resource}: the same screen as /app/{area}/{resource}.
import { grouped } from '../features/resources/grouped';
import { loader as baseLoader, action as baseAction } from './app.$area.$resource.new';

export const loader = grouped('hr', baseLoader);
export const action = grouped('hr', baseAction);
export { default, meta, ErrorBoundary } from './app.$area.$resource.new';
