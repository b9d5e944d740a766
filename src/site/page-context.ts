// The React context through which templates read the page being rendered: here so render/ and content/ can both provide it.
import { createContext } from 'react';
import type { PageData } from './page-data.ts';

export const PageContext = createContext<PageData | null>(null);
