-- Groups number weekdays like the services (ISO, spec §9 Monday to Sunday): Sunday was 0.
UPDATE "celula" SET "dia_semana" = 7 WHERE "dia_semana" = 0;--> statement-breakpoint
ALTER TABLE "celula" ADD CONSTRAINT "celula_dia_semana_ck" CHECK ("celula"."dia_semana" between 1 and 7);