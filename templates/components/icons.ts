// The icons the site uses: lucide's drawing data, one module per icon so only these are bundled.
// <Icon> turns them into inline SVG on the server and in islands alike.
export { default as ArrowRight } from 'lucide/dist/esm/icons/arrow-right.mjs';
export { default as CalendarCheck } from 'lucide/dist/esm/icons/calendar-check.mjs';
export { default as Check } from 'lucide/dist/esm/icons/check.mjs';
export { default as ChevronDown } from 'lucide/dist/esm/icons/chevron-down.mjs';
export { default as HeartHandshake } from 'lucide/dist/esm/icons/heart-handshake.mjs';
export { default as MapPin } from 'lucide/dist/esm/icons/map-pin.mjs';
export { default as Menu } from 'lucide/dist/esm/icons/menu.mjs';
export { default as MessageCircle } from 'lucide/dist/esm/icons/message-circle.mjs';
export { default as Navigation } from 'lucide/dist/esm/icons/navigation.mjs';
export { default as Phone } from 'lucide/dist/esm/icons/phone.mjs';
export { default as ShieldCheck } from 'lucide/dist/esm/icons/shield-check.mjs';
export { default as Sparkles } from 'lucide/dist/esm/icons/sparkles.mjs';
export { default as Star } from 'lucide/dist/esm/icons/star.mjs';
export { default as TriangleAlert } from 'lucide/dist/esm/icons/triangle-alert.mjs';
export { default as Users } from 'lucide/dist/esm/icons/users.mjs';
export { default as X } from 'lucide/dist/esm/icons/x.mjs';
