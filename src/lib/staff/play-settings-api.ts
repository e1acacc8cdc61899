// The staff's Play settings calls from the browser (docs/play.md "Who may watch"): title, description and
// the church-wide content visibility. Types only from the contract.
import type { PlaySettingsInput, StaffPlaySettings } from '../../../contract/play-staff.ts';
import { staffHttp } from './http.ts';

export const fetchPlaySettings = (slug: string) =>
  staffHttp(slug).get('play/configuracao').json<StaffPlaySettings>();
export const savePlaySettings = (slug: string, body: PlaySettingsInput) =>
  staffHttp(slug).put('play/configuracao', { json: body }).json<StaffPlaySettings>();
