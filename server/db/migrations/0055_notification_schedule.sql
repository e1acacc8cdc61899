CREATE TABLE "grupo_aviso_encontro" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"grupo_id" integer NOT NULL,
	"encontro" timestamp with time zone NOT NULL,
	"usuario_id" integer,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacao_agendada" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"dados" jsonb NOT NULL,
	"enviar_em" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'agendada' NOT NULL,
	"notificacao_id" integer,
	"falha" text,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_ultima_alteracao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "push_envio" ADD COLUMN "tipo" text;--> statement-breakpoint
ALTER TABLE "grupo_aviso_encontro" ADD CONSTRAINT "grupo_aviso_encontro_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grupo_aviso_encontro" ADD CONSTRAINT "grupo_aviso_encontro_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_agendada" ADD CONSTRAINT "notificacao_agendada_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_agendada" ADD CONSTRAINT "notificacao_agendada_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grupo_aviso_encontro_uq" ON "grupo_aviso_encontro" USING btree ("igreja_id","grupo_id","encontro");--> statement-breakpoint
CREATE INDEX "notificacao_agendada_devida_idx" ON "notificacao_agendada" USING btree ("status","enviar_em");--> statement-breakpoint
CREATE INDEX "notificacao_agendada_igreja_idx" ON "notificacao_agendada" USING btree ("igreja_id","status");