// Every island by name: the build marks them with these names and the browser script revives them.
import { Counter } from './Counter.tsx';

export const islands = { Counter };
