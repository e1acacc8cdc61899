CREATE TABLE "inscricao_checkin" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"evento_id" integer NOT NULL,
	"inscricao_id" integer NOT NULL,
	"usuario_id" integer,
	"usuario_nome" text NOT NULL,
	"porta" text DEFAULT '' NOT NULL,
	"escaneado_em" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "evento" ADD COLUMN "mapa_url" text;--> statement-breakpoint
ALTER TABLE "evento" ADD COLUMN "metodos_pagamento" text[];--> statement-breakpoint
ALTER TABLE "evento" ADD COLUMN "versao" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "inscricao_checkin" ADD CONSTRAINT "inscricao_checkin_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao_checkin" ADD CONSTRAINT "inscricao_checkin_evento_id_evento_id_fk" FOREIGN KEY ("evento_id") REFERENCES "public"."evento"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao_checkin" ADD CONSTRAINT "inscricao_checkin_inscricao_id_inscricao_id_fk" FOREIGN KEY ("inscricao_id") REFERENCES "public"."inscricao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscricao_checkin" ADD CONSTRAINT "inscricao_checkin_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inscricao_checkin_inscricao_uq" ON "inscricao_checkin" USING btree ("inscricao_id");--> statement-breakpoint
CREATE INDEX "inscricao_checkin_evento_idx" ON "inscricao_checkin" USING btree ("evento_id");