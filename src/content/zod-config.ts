// zod compiles a parser per schema with new Function on its first use: a build validates each file
// once, and compiling cost more than it saved (~15-20 ms of the real site's build). Nothing is
// generated from code at run time either. Read when a schema is made: the engine's modules load
// before the site definition makes its schemas.
import * as z from 'zod';

z.config({ jitless: true });
