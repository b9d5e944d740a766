// The React context through which templates (and components in Markdown) read the page being rendered:
// here, below render/ and content/, so both can provide it.
import { createContext } from 'react';
import type { PageData } from './page-data.ts';

export const PageContext = createContext<PageData | null>(null);
