CREATE TABLE "banner" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"imagem" text NOT NULL,
	"largura" integer DEFAULT 1200 NOT NULL,
	"altura" integer DEFAULT 400 NOT NULL,
	"link" text,
	"ordem" integer DEFAULT 0 NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "igreja_hostname" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"hostname" text NOT NULL,
	CONSTRAINT "igreja_hostname_hostname_unique" UNIQUE("hostname")
);
--> statement-breakpoint
CREATE TABLE "igreja_app_menu" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"link" text NOT NULL,
	"modulo_codigo" text,
	"ordem" integer DEFAULT 0 NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "igreja_modulo" (
	"igreja_id" integer NOT NULL,
	"modulo_codigo" text NOT NULL,
	CONSTRAINT "igreja_modulo_igreja_id_modulo_codigo_pk" PRIMARY KEY("igreja_id","modulo_codigo")
);
--> statement-breakpoint
CREATE TABLE "igreja_metodo_pagamento" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"id_gateway_pagamento" integer,
	"ordem" integer DEFAULT 0 NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "igreja_usuario" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"congregacao_id" integer,
	"numero_membro" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "igreja_visual" (
	"igreja_id" integer PRIMARY KEY NOT NULL,
	"cor_app" text DEFAULT '#1f4e79' NOT NULL,
	"cor_texto" text DEFAULT '#ffffff' NOT NULL,
	"logo" text,
	"url_app_store" text,
	"url_play_store" text
);
--> statement-breakpoint
CREATE TABLE "igreja" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"codigo" text NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"nome" text NOT NULL,
	"historia" text,
	"descricao" text,
	"idioma" text DEFAULT 'en' NOT NULL,
	"imagens" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"facebook_pixel_code" text,
	"organizacao_id" integer,
	"email" text,
	"telefone" text,
	"logradouro" text,
	"numero" text,
	"bairro" text,
	"cidade" text,
	"estado" text,
	"pais" text,
	"cep" text,
	"latitude" double precision,
	"longitude" double precision,
	"redes_sociais" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "igreja_slug_unique" UNIQUE("slug"),
	CONSTRAINT "igreja_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "igreja_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "congregacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"nome" text NOT NULL,
	"cidade" text,
	"estado" text,
	"flag_ativo" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modulo" (
	"codigo" text PRIMARY KEY NOT NULL,
	"nome" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organizacao" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"nome" text NOT NULL,
	"descricao" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizacao_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "seed_execucao" (
	"nome" text PRIMARY KEY NOT NULL,
	"executado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"senha_hash" text NOT NULL,
	"nome" text NOT NULL,
	"sobrenome" text,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"telefone" text,
	"data_nascimento" text,
	"sexo" text,
	"cpf" text,
	"estado_civil" text,
	"ocupacao" text,
	"imagem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuario_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "banner" ADD CONSTRAINT "banner_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja_hostname" ADD CONSTRAINT "igreja_hostname_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja_app_menu" ADD CONSTRAINT "igreja_app_menu_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja_app_menu" ADD CONSTRAINT "igreja_app_menu_modulo_codigo_modulo_codigo_fk" FOREIGN KEY ("modulo_codigo") REFERENCES "public"."modulo"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja_modulo" ADD CONSTRAINT "igreja_modulo_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja_modulo" ADD CONSTRAINT "igreja_modulo_modulo_codigo_modulo_codigo_fk" FOREIGN KEY ("modulo_codigo") REFERENCES "public"."modulo"("codigo") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja_metodo_pagamento" ADD CONSTRAINT "igreja_metodo_pagamento_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja_usuario" ADD CONSTRAINT "igreja_usuario_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja_usuario" ADD CONSTRAINT "igreja_usuario_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja_usuario" ADD CONSTRAINT "igreja_usuario_congregacao_id_congregacao_id_fk" FOREIGN KEY ("congregacao_id") REFERENCES "public"."congregacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja_visual" ADD CONSTRAINT "igreja_visual_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "igreja" ADD CONSTRAINT "igreja_organizacao_id_organizacao_id_fk" FOREIGN KEY ("organizacao_id") REFERENCES "public"."organizacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "congregacao" ADD CONSTRAINT "congregacao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "banner_igreja_idx" ON "banner" USING btree ("igreja_id");--> statement-breakpoint
CREATE INDEX "igreja_app_menu_igreja_idx" ON "igreja_app_menu" USING btree ("igreja_id");--> statement-breakpoint
CREATE UNIQUE INDEX "igreja_metodo_pagamento_codigo_uq" ON "igreja_metodo_pagamento" USING btree ("igreja_id","codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "igreja_usuario_uq" ON "igreja_usuario" USING btree ("igreja_id","usuario_id");--> statement-breakpoint
CREATE INDEX "igreja_organizacao_idx" ON "igreja" USING btree ("organizacao_id");--> statement-breakpoint
CREATE INDEX "congregacao_igreja_idx" ON "congregacao" USING btree ("igreja_id");