// Human Resources records under /app/{area}/hr/{resource}: the same screen as /app/{area}/{resource}.
import { grouped } from '../features/resources/grouped';
import { loader as baseLoader } from './app.$area.$resource.export[.csv]';

export const loader = grouped('hr', baseLoader);
