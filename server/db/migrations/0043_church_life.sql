CREATE TABLE "igreja_painel" (
	"igreja_id" integer PRIMARY KEY NOT NULL,
	"checklist_dispensado_em" timestamp with time zone,
	"dispensado_por" integer
);
--> statement-breakpoint
CREATE TABLE "igreja_exclusao" (
	"igreja_id" integer PRIMARY KEY NOT NULL,
	"pedida_em" timestamp with time zone DEFAULT now() NOT NULL,
	"excluir_em" timestamp with time zone NOT NULL,
	"pedida_por" integer,
	"estado_anterior" text NOT NULL,
	"exportacao_id" integer
);
--> statement-breakpoint
CREATE TABLE "exportacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"igreja_codigo" text NOT NULL,
	"igreja_nome" text NOT NULL,
	"origem" text NOT NULL,
	"pedida_por" integer,
	"pedida_por_nome" text NOT NULL,
	"tarefa_id" integer,
	"estado" text DEFAULT 'preparando' NOT NULL,
	"partes" integer DEFAULT 0 NOT NULL,
	"tamanho" bigint DEFAULT 0 NOT NULL,
	"resumo" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"erro" text,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"pronta_em" timestamp with time zone,
	"expira_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "igreja_painel" ADD CONSTRAINT "igreja_painel_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja_painel" ADD CONSTRAINT "igreja_painel_dispensado_por_usuario_id_fk" FOREIGN KEY ("dispensado_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja_exclusao" ADD CONSTRAINT "igreja_exclusao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja_exclusao" ADD CONSTRAINT "igreja_exclusao_pedida_por_usuario_id_fk" FOREIGN KEY ("pedida_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exportacao" ADD CONSTRAINT "exportacao_pedida_por_usuario_id_fk" FOREIGN KEY ("pedida_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "igreja_exclusao_quando_idx" ON "igreja_exclusao" USING btree ("excluir_em");--> statement-breakpoint
CREATE INDEX "exportacao_igreja_idx" ON "exportacao" USING btree ("igreja_id","criada_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exportacao_expira_idx" ON "exportacao" USING btree ("expira_em") WHERE "exportacao"."expira_em" is not null;