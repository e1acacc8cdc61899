CREATE TABLE "usuario_campo_personalizado" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"campo_id" integer NOT NULL,
	"valor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campo_personalizado" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"nome" text NOT NULL,
	"tipo" text DEFAULT 'texto' NOT NULL,
	"opcoes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"flag_obrigatorio" boolean DEFAULT false NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedido_exclusao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tentativa_login" (
	"chave" text PRIMARY KEY NOT NULL,
	"falhas" integer DEFAULT 0 NOT NULL,
	"janela_inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_ate" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usuario_carteirinha" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"data_batismo" text,
	"cargo" text,
	"responsavel" text,
	"validade" text,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer,
	"titulo" text NOT NULL,
	"corpo" text NOT NULL,
	"tipo_codigo" text NOT NULL,
	"id_entidade_relacionada" text,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"data_ultima_alteracao" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"familia" text NOT NULL,
	"token_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"revogado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "usuario_endereco" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"pais" text NOT NULL,
	"estado" text,
	"cidade" text NOT NULL,
	"bairro" text,
	"logradouro" text NOT NULL,
	"numero" text,
	"complemento" text,
	"cep" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_crianca" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"nome" text NOT NULL,
	"sobrenome" text,
	"data_nascimento" text NOT NULL,
	"sexo" text,
	"observacoes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_usuario" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"igreja_id" integer NOT NULL,
	"tipo" text NOT NULL,
	"token_hash" text NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_usuario_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "flag_email_verificado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "observacoes" text;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "data_casamento" text;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "qtde_filhos" integer;--> statement-breakpoint
ALTER TABLE "usuario" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "usuario_campo_personalizado" ADD CONSTRAINT "usuario_campo_personalizado_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_campo_personalizado" ADD CONSTRAINT "usuario_campo_personalizado_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_campo_personalizado" ADD CONSTRAINT "usuario_campo_personalizado_campo_id_campo_personalizado_id_fk" FOREIGN KEY ("campo_id") REFERENCES "public"."campo_personalizado"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campo_personalizado" ADD CONSTRAINT "campo_personalizado_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_exclusao" ADD CONSTRAINT "pedido_exclusao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_carteirinha" ADD CONSTRAINT "usuario_carteirinha_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_carteirinha" ADD CONSTRAINT "usuario_carteirinha_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao" ADD CONSTRAINT "notificacao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao" ADD CONSTRAINT "notificacao_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_endereco" ADD CONSTRAINT "usuario_endereco_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_crianca" ADD CONSTRAINT "usuario_crianca_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_crianca" ADD CONSTRAINT "usuario_crianca_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_usuario" ADD CONSTRAINT "token_usuario_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_usuario" ADD CONSTRAINT "token_usuario_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_campo_personalizado_uq" ON "usuario_campo_personalizado" USING btree ("igreja_id","usuario_id","campo_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_carteirinha_uq" ON "usuario_carteirinha" USING btree ("igreja_id","usuario_id");--> statement-breakpoint
CREATE INDEX "notificacao_igreja_idx" ON "notificacao" USING btree ("igreja_id","data_cadastro");--> statement-breakpoint
CREATE INDEX "refresh_token_familia_idx" ON "refresh_token" USING btree ("familia");--> statement-breakpoint
CREATE INDEX "usuario_endereco_usuario_idx" ON "usuario_endereco" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "usuario_crianca_usuario_idx" ON "usuario_crianca" USING btree ("igreja_id","usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_cpf_uq" ON "usuario" USING btree ("cpf") WHERE "usuario"."cpf" is not null;