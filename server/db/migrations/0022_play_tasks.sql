CREATE TABLE "plano_assinatura_envio" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"conteudo_id" integer NOT NULL,
	"nome_arquivo" text NOT NULL,
	"tamanho" bigint NOT NULL,
	"tamanho_parte" integer NOT NULL,
	"partes" integer NOT NULL,
	"estado" text DEFAULT 'enviando' NOT NULL,
	"tarefa_id" integer,
	"criado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tarefa" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"estado" text DEFAULT 'queued' NOT NULL,
	"carga" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resultado" jsonb,
	"erro" text,
	"feito" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"criado_por" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"iniciado_em" timestamp with time zone,
	"terminado_em" timestamp with time zone,
	"bloqueado_por" text,
	"bloqueado_ate" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "plano_assinatura_conteudo" ADD COLUMN "tarefa_midia_id" integer;--> statement-breakpoint
ALTER TABLE "plano_assinatura_envio" ADD CONSTRAINT "plano_assinatura_envio_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_assinatura_envio" ADD CONSTRAINT "plano_assinatura_envio_conteudo_id_plano_assinatura_conteudo_id_fk" FOREIGN KEY ("conteudo_id") REFERENCES "public"."plano_assinatura_conteudo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_assinatura_envio" ADD CONSTRAINT "plano_assinatura_envio_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa" ADD CONSTRAINT "tarefa_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tarefa" ADD CONSTRAINT "tarefa_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plano_assinatura_envio_igreja_idx" ON "plano_assinatura_envio" USING btree ("igreja_id","conteudo_id");--> statement-breakpoint
CREATE INDEX "tarefa_fila_idx" ON "tarefa" USING btree ("estado","bloqueado_ate");--> statement-breakpoint
CREATE INDEX "tarefa_igreja_idx" ON "tarefa" USING btree ("igreja_id","id");