// What a staff page passes its island: the usual island props plus the staff shell's strings
// (the gate and menu) and the page's own prefixes (docs/staff.md).
import { islandProps } from '../island-props.server.ts';

export const STAFF_SHELL_PREFIXES = ['admin.shell.', 'admin.area.', 'list.'] as const;

export function staffIslandProps(locals: App.Locals, prefixes: readonly string[]) {
  return islandProps(locals, [...STAFF_SHELL_PREFIXES, ...prefixes]);
}
