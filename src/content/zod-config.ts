// zod's per-schema new Function costs more than it saves when each file is validated once, and no code is made at run time.
// Read when a schema is made: the engine's modules load before the site definition makes its schemas.
import * as z from 'zod';

z.config({ jitless: true });
