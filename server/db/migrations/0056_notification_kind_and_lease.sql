ALTER TABLE "notificacao" ADD COLUMN "tipo" text;--> statement-breakpoint
ALTER TABLE "notificacao_agendada" ADD COLUMN "reivindicada_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notificacao_agendada" ADD COLUMN "reivindicada_por" text;