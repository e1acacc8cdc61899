// The church's weekly schedule (the home's "schedule": services and live streams of the
// week). The spec shows no call for it; `GET /igreja/{slug}/agenda/` follows its style.
import './common.ts'; // zod's browser setting comes before any schema
import { z } from 'zod';

/** One weekly service. `diaSemana` is ISO: 1 = Monday … 7 = Sunday (spec §9 lists Monday first). */
export const weeklyServiceSchema = z.object({
  id: z.number().int(),
  diaSemana: z.number().int().min(1).max(7),
  /** Local time of the church, `HH:MM`. */
  horario: z.string().regex(/^\d{2}:\d{2}$/),
  titulo: z.string(),
  local: z.string().nullable(),
  /** Streamed live (MOD_CULTO). */
  flagTransmissao: z.boolean(),
});
export type WeeklyService = z.infer<typeof weeklyServiceSchema>;

/** Monday first, then by time. */
export const scheduleResponseSchema = z.object({ agenda: z.array(weeklyServiceSchema) });
