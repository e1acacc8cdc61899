CREATE TABLE "importacao_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"importacao_id" integer NOT NULL,
	"tabela" text NOT NULL,
	"alvo_id" integer NOT NULL,
	"origem" text
);
--> statement-breakpoint
CREATE TABLE "importacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"estado" text DEFAULT 'analisado' NOT NULL,
	"nome_arquivo" text NOT NULL,
	"tamanho" integer DEFAULT 0 NOT NULL,
	"opcoes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"previa" jsonb,
	"resultado" jsonb,
	"tarefa_id" integer,
	"erro" text,
	"criado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluido_em" timestamp with time zone,
	"desfeito_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "redirecionamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"caminho_antigo" text NOT NULL,
	"destino" text NOT NULL,
	"importacao_id" integer
);
--> statement-breakpoint
ALTER TABLE "importacao_item" ADD CONSTRAINT "importacao_item_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacao_item" ADD CONSTRAINT "importacao_item_importacao_id_importacao_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacao"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacao" ADD CONSTRAINT "importacao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "importacao" ADD CONSTRAINT "importacao_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirecionamento" ADD CONSTRAINT "redirecionamento_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redirecionamento" ADD CONSTRAINT "redirecionamento_importacao_id_importacao_id_fk" FOREIGN KEY ("importacao_id") REFERENCES "public"."importacao"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importacao_item_importacao_idx" ON "importacao_item" USING btree ("importacao_id","tabela");--> statement-breakpoint
CREATE INDEX "importacao_item_alvo_idx" ON "importacao_item" USING btree ("igreja_id","tabela","alvo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "importacao_item_origem_uq" ON "importacao_item" USING btree ("igreja_id","tabela","origem") WHERE "importacao_item"."origem" is not null;--> statement-breakpoint
CREATE INDEX "importacao_igreja_idx" ON "importacao" USING btree ("igreja_id","criado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "redirecionamento_uq" ON "redirecionamento" USING btree ("igreja_id","caminho_antigo");