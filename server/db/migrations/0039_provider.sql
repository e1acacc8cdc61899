CREATE TABLE "provedor_admin" (
	"usuario_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provedor_auditoria" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer,
	"usuario_nome" text NOT NULL,
	"acao" text NOT NULL,
	"tipo" text NOT NULL,
	"alvo_id" text,
	"resumo" text NOT NULL,
	"detalhes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provedor_igreja" (
	"igreja_id" integer PRIMARY KEY NOT NULL,
	"estado" text NOT NULL,
	"origem" text NOT NULL,
	"fuso_horario" text NOT NULL,
	"suspensa_em" timestamp with time zone,
	"criado_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provedor_configuracao" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"cadastro" text DEFAULT 'fechado' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provedor_captcha_usado" (
	"id" text PRIMARY KEY NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provedor_token" (
	"id" serial PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"token_hash" text NOT NULL,
	"usuario_id" integer,
	"igreja_id" integer,
	"email" text,
	"dados" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provedor_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "provedor_admin" ADD CONSTRAINT "provedor_admin_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provedor_auditoria" ADD CONSTRAINT "provedor_auditoria_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provedor_igreja" ADD CONSTRAINT "provedor_igreja_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provedor_igreja" ADD CONSTRAINT "provedor_igreja_criado_por_usuario_id_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuario"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provedor_token" ADD CONSTRAINT "provedor_token_usuario_id_usuario_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuario"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provedor_token" ADD CONSTRAINT "provedor_token_igreja_id_igreja_id_fk" FOREIGN KEY ("igreja_id") REFERENCES "public"."igreja"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provedor_auditoria_quando_idx" ON "provedor_auditoria" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "provedor_token_igreja_idx" ON "provedor_token" USING btree ("igreja_id") WHERE "provedor_token"."igreja_id" is not null;