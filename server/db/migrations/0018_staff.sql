CREATE TABLE "auditoria" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer,
	"usuario_nome" text NOT NULL,
	"acao" text NOT NULL,
	"tipo" text NOT NULL,
	"alvo_id" text,
	"resumo" text DEFAULT '' NOT NULL,
	"detalhes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banner" ADD COLUMN "inicio" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banner" ADD COLUMN "fim" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conteudo" ADD COLUMN "status" text DEFAULT 'publicado' NOT NULL;--> statement-breakpoint
ALTER TABLE "conteudo" ADD COLUMN "versao" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "conteudo" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodio" ADD COLUMN "status" text DEFAULT 'publicado' NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodio" ADD COLUMN "versao" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "podcast_episodio" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditoria" ADD CONSTRAINT "auditoria_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_igreja_idx" ON "auditoria" USING btree ("igreja_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_usuario_idx" ON "auditoria" USING btree ("igreja_id","usuario_id");--> statement-breakpoint
CREATE INDEX "conteudo_agendado_idx" ON "conteudo" USING btree ("publicado_em") WHERE "conteudo"."status" = 'agendado';--> statement-breakpoint
UPDATE "conteudo" SET "status" = 'arquivado' WHERE NOT "flag_ativo";--> statement-breakpoint
UPDATE "podcast_episodio" SET "status" = 'arquivado' WHERE NOT "flag_ativo";
