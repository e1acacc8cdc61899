// The props every events/checkout island gets from its page: the kit's island props (church,
// slug, language) with only the strings these islands use.
import { islandProps } from './island-props.server.ts';

export const EVENTS_PREFIXES = [
  'events.',
  'checkout.',
  'payment.',
  'registrations.',
  'cards.',
  'pay.',
];

export const eventsIslandProps = (locals: App.Locals) => islandProps(locals, EVENTS_PREFIXES);
