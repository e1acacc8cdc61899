CREATE TABLE "plano_assinatura_coletanea" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"imagem" text,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plano_assinatura_conteudo_tag" (
	"igreja_id" integer NOT NULL,
	"conteudo_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "plano_assinatura_conteudo_tag_conteudo_id_tag_id_pk" PRIMARY KEY("conteudo_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "plano_assinatura_conteudo" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"coletanea_id" integer,
	"titulo" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"imagem" text,
	"duracao_segundos" integer DEFAULT 0 NOT NULL,
	"tipo_visibilidade" text DEFAULT 'fechado' NOT NULL,
	"flag_destaque" boolean DEFAULT false NOT NULL,
	"midia_caminho" text NOT NULL,
	"legenda_caminho" text,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"publicado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_plano_assinatura_conteudo" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"conteudo_id" integer NOT NULL,
	"posicao_segundos" integer DEFAULT 0 NOT NULL,
	"flag_lista" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plano_assinatura" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"nome" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL,
	"valor_centavos" integer NOT NULL,
	"taxa_adesao_centavos" integer DEFAULT 0 NOT NULL,
	"periodicidade_dias" integer NOT NULL,
	"flag_ativo" boolean DEFAULT true NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plano_assinatura_configuracao" (
	"igreja_id" integer PRIMARY KEY NOT NULL,
	"tipo_visibilidade_conteudo" text DEFAULT 'misto' NOT NULL,
	"titulo" text NOT NULL,
	"descricao" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_plano_assinatura" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"plano_assinatura_id" integer NOT NULL,
	"situacao" text DEFAULT 'pendente' NOT NULL,
	"codigo" text NOT NULL,
	"data_assinatura" timestamp with time zone DEFAULT now() NOT NULL,
	"pago_ate" timestamp with time zone,
	"cancelado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plano_assinatura_tag" (
	"id" serial PRIMARY KEY NOT NULL,
	"igreja_id" integer NOT NULL,
	"nome" text NOT NULL,
	"flag_home" boolean DEFAULT true NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plano_assinatura_coletanea" ADD CONSTRAINT "plano_assinatura_coletanea_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_assinatura_conteudo_tag" ADD CONSTRAINT "plano_assinatura_conteudo_tag_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_assinatura_conteudo_tag" ADD CONSTRAINT "plano_assinatura_conteudo_tag_conteudo_id_plano_assinatura_conteudo_id_fk" FOREIGN KEY ("conteudo_id") REFERENCES "public"."plano_assinatura_conteudo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_assinatura_conteudo_tag" ADD CONSTRAINT "plano_assinatura_conteudo_tag_tag_id_plano_assinatura_tag_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."plano_assinatura_tag"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_assinatura_conteudo" ADD CONSTRAINT "plano_assinatura_conteudo_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_assinatura_conteudo" ADD CONSTRAINT "plano_assinatura_conteudo_coletanea_id_plano_assinatura_coletanea_id_fk" FOREIGN KEY ("coletanea_id") REFERENCES "public"."plano_assinatura_coletanea"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_plano_assinatura_conteudo" ADD CONSTRAINT "usuario_plano_assinatura_conteudo_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_plano_assinatura_conteudo" ADD CONSTRAINT "usuario_plano_assinatura_conteudo_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_plano_assinatura_conteudo" ADD CONSTRAINT "usuario_plano_assinatura_conteudo_conteudo_id_plano_assinatura_conteudo_id_fk" FOREIGN KEY ("conteudo_id") REFERENCES "public"."plano_assinatura_conteudo"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_assinatura" ADD CONSTRAINT "plano_assinatura_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_assinatura_configuracao" ADD CONSTRAINT "plano_assinatura_configuracao_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_plano_assinatura" ADD CONSTRAINT "usuario_plano_assinatura_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_plano_assinatura" ADD CONSTRAINT "usuario_plano_assinatura_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_plano_assinatura" ADD CONSTRAINT "usuario_plano_assinatura_plano_assinatura_id_plano_assinatura_id_fk" FOREIGN KEY ("plano_assinatura_id") REFERENCES "public"."plano_assinatura"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plano_assinatura_tag" ADD CONSTRAINT "plano_assinatura_tag_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plano_assinatura_coletanea_igreja_idx" ON "plano_assinatura_coletanea" USING btree ("igreja_id","ordem");--> statement-breakpoint
CREATE INDEX "plano_assinatura_conteudo_tag_tag_idx" ON "plano_assinatura_conteudo_tag" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "plano_assinatura_conteudo_igreja_idx" ON "plano_assinatura_conteudo" USING btree ("igreja_id","flag_ativo","ordem");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_plano_assinatura_conteudo_uq" ON "usuario_plano_assinatura_conteudo" USING btree ("igreja_id","usuario_id","conteudo_id");--> statement-breakpoint
CREATE INDEX "plano_assinatura_igreja_idx" ON "plano_assinatura" USING btree ("igreja_id","ordem");--> statement-breakpoint
CREATE INDEX "usuario_plano_assinatura_usuario_idx" ON "usuario_plano_assinatura" USING btree ("igreja_id","usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_plano_assinatura_codigo_uq" ON "usuario_plano_assinatura" USING btree ("codigo");--> statement-breakpoint
CREATE INDEX "plano_assinatura_tag_igreja_idx" ON "plano_assinatura_tag" USING btree ("igreja_id","ordem");