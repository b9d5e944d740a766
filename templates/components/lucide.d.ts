// lucide ships each icon as a module whose default export is its drawing data.
declare module 'lucide/dist/esm/icons/*.mjs' {
  import type { IconNode } from 'lucide';
  const icon: IconNode;
  export default icon;
}
