// Every island by name: the server marks them with these names and the client reviver hydrates them.
import { HelpWidget } from './HelpWidget.tsx';
import { MapFrame } from './MapFrame.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { OpenNow } from './OpenNow.tsx';
import { ServicesMenu } from './ServicesMenu.tsx';

export const islands = { ServicesMenu, MobileMenu, HelpWidget, MapFrame, OpenNow };
export type IslandName = keyof typeof islands;
